import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'blogs', versionKey: false })
export class Blog {
  @Prop({ required: true, unique: true }) title: string;
  @Prop({ required: true }) details: string;
  @Prop({ default: () => new Date() }) createdAt: Date;
}

export const BlogSchema = SchemaFactory.createForClass(Blog);
BlogSchema.index({ createdAt: -1, _id: -1 });
