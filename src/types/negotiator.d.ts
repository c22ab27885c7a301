// The part of `negotiator` (the Accept-* parser Express and `compression` use) the gateway and its tests call;
// the package ships no types of its own.
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';
  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The most preferred of `available` for the request's Accept-Encoding (`preferred` breaks ties), or undefined. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
    /** The most preferred of `available` for the request's Accept (Apollo Server's call, which a test counts), or undefined. */
    mediaType(available?: string[]): string | undefined;
  }
}
