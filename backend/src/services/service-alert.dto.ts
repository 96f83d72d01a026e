import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** An unusual burst of reviews on one service, as the admins' list shows it. */
export class ServiceAlertDto {
  @ApiProperty({ example: '665f1c2ab4d3e8a1f0c9d123:2026-11-30T02:00:00.000Z' }) _id: string;
  @ApiProperty({ example: '665f1c2ab4d3e8a1f0c9d123' }) serviceId: string;
  @ApiProperty() serviceTitle: string;
  @ApiProperty({ description: 'When the burst rule opened it' }) openedAt: Date;
  @ApiProperty({ description: 'Open: new reviews of the service wait for a moderator' })
  open: boolean;
  @ApiPropertyOptional({ description: 'When an admin closed it' }) closedAt?: Date;
  @ApiProperty({
    enum: ['low', 'high'],
    description: 'Which way the burst went: 1–2 stars, or 5 stars',
  })
  direction: 'low' | 'high';
  @ApiProperty({ description: 'Reviews in the window when it opened' }) reviews: number;
  @ApiProperty({ description: 'Of those, how many went the burst’s way' }) extreme: number;
  @ApiProperty({
    enum: ['new-accounts', 'few-networks'],
    isArray: true,
    description: 'What made them suspect: new accounts, few networks, or both',
  })
  signs: ('new-accounts' | 'few-networks')[];
}
