import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  future: {
    // Loaders and actions get the request as it came, and its page's address as `url`: React
    // Router otherwise built two new Requests for every loader of every page (3 % of a render).
    v8_passThroughRequests: true,
  },
} satisfies Config;
