import { ApiProperty } from '@nestjs/swagger';

export class BlogDto {
  @ApiProperty() _id: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Plain text; paragraphs separated by a blank line' }) details: string;
  @ApiProperty() createdAt: Date;
}
