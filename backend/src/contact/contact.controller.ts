import { Access } from '../auth/access';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Write } from '../common/route-kinds';
import { ContactService } from './contact.service';
import { ContactMessageDto, ContactSentDto } from './contact.dto';

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @Access('optional')
  // ContactService limits senders itself (contact-spam.ts).
  @Write(
    {
      operationId: 'sendContactMessage',
      summary:
        'Sends the contact form to the site’s admins; a signed-in sender whose verified address it is gets a confirmation',
    },
    ContactSentDto,
    [400, 413],
    { created: true, limit: null },
  )
  async send(
    @Body() dto: ContactMessageDto,
    @Req() req: Request,
    @CurrentUser() caller: AuthUser | undefined,
  ): Promise<ContactSentDto> {
    return { success: true, message: await this.contact.receive(dto, req.ip ?? '', caller) };
  }
}
