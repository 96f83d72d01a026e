import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ContactMessage } from './contact-message.schema';

/** The only code that touches `contact_messages` (inserts, for now: there is no reader yet). */
@Injectable()
export class ContactMessagesRepository {
  constructor(@InjectModel(ContactMessage.name) private readonly messages: Model<ContactMessage>) {}

  async add(message: Omit<ContactMessage, 'createdAt' | 'day'>): Promise<string> {
    const createdAt = new Date();
    const stored = await this.messages.create({
      ...message,
      createdAt,
      day: createdAt.toISOString().slice(0, 10),
    });
    return String(stored._id);
  }
}
