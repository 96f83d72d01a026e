import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A message sent with the contact form; kept whether or not it looked like spam. */
@Schema({ collection: 'contact_messages', versionKey: false })
export class ContactMessage {
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) message: string;
  /** The sender's address (rate limits, abuse). */
  @Prop({ default: '' }) ip: string;
  /** Why the spam rules held it back (nobody was notified); empty when it went through. */
  @Prop({ type: [String], default: [] }) spamReasons: string[];
  @Prop({ required: true }) createdAt: Date;
  /** The UTC day it came (YYYY-MM-DD): the key to read a day's messages by. */
  @Prop({ required: true, index: true }) day: string;
}

export const ContactMessageSchema = SchemaFactory.createForClass(ContactMessage);
