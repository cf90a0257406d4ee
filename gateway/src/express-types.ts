import type { ApiRoute } from '@study/contracts';

// What the gateway's own middleware adds to every request (beside the service kit's fields).
declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the API router: the route-table entry the call matched, for logs. */
    apiRoute?: ApiRoute;
  }
}

export {};
