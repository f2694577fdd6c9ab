import { Injectable } from '@nestjs/common';

/**
 * The time the guard's caches and its token expiry check read. One provider, so a test moves it
 * past a cache's lifetime or a token's `exp` instead of sleeping until then.
 */
@Injectable()
export class Clock {
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number {
    return Date.now();
  }
}
