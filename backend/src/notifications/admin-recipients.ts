import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { UsersService } from '../users/users.service';

/**
 * The admins who hear of what needs them (a contact message, a burst of reviews): those named by
 * configuration (ADMIN_EMAILS and the seeded admin), each found by e-mail: listing every admin
 * would scan the users.
 */
@Injectable()
export class AdminRecipients {
  constructor(
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ids(): Promise<string[]> {
    const emails = new Set([...this.config.auth.adminEmails, this.config.seedAdmin.email]);
    const ids: string[] = [];
    for (const email of emails) {
      const user = await this.users.findByEmail(email);
      if (user?.role === 'admin') ids.push(user._id.toString());
    }
    return ids;
  }
}
