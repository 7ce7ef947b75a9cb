import type { RequestHandler } from 'express';

/**
 * Middlewares run one after the other as ONE layer of a router, with Express's rules for each: a
 * throw or a rejected promise goes on as next(error), an error skips the ones left. Why: every
 * layer a request passes costs the router a matcher call, its prefix trimming and its promise
 * handling; the plumbing every API request passes (form, codec, input guard, authentication)
 * needs none of it. A middleware added to the list runs in its place, as a layer of its own would.
 */
export function inSequence(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let at = 0;
    const step = (error?: unknown): void => {
      const handler = error ? undefined : handlers[at++];
      if (!handler) {
        next(error);
        return;
      }
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.then(undefined, (failure: unknown) => step(failure || new Error('Rejected promise')));
      } catch (failure) {
        step(failure);
      }
    };
    step();
  };
}
