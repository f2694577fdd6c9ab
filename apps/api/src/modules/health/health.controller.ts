import { Controller, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_VERSION, HEALTH_ROUTES, MESSAGES } from '@gestar/contracts';
import { Endpoint } from '../../common/auth/decorators';
import { errorName } from '../../common/http/app-exception';
import { HealthRepository } from './health.repository';

@Controller()
export class HealthController {
  constructor(private readonly repo: HealthRepository) {}

  /** 200 when the database answers within 3 s, else 503 with a Spanish message. */
  @Endpoint(HEALTH_ROUTES.health)
  async health(@Res({ passthrough: true }) res: Response) {
    try {
      await Promise.race([
        this.repo.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref()),
      ]);
      return { status: 'ok' as const, database: 'ok' as const, version: APP_VERSION };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { statusCode: 503, message: MESSAGES.errors.databaseUnavailable, error: errorName(503) };
    }
  }
}
