import { Access } from '../auth/access';
import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrors } from '../common/api-responses';
import { ContactInbox } from './contact-inbox';
import { ContactMessageDto, ContactSentDto } from './contact.dto';

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly inbox: ContactInbox) {}

  @Post()
  @Access('public')
  @ApiOperation({
    operationId: 'sendContactMessage',
    summary: 'Sends the contact form to the site’s admins; the sender gets a confirmation',
  })
  @ApiCreatedResponse({ type: ContactSentDto })
  @ApiErrors(400, 413, 429)
  async send(@Body() dto: ContactMessageDto, @Req() req: Request): Promise<ContactSentDto> {
    return { success: true, message: await this.inbox.receive(dto, req.ip ?? '') };
  }
}
