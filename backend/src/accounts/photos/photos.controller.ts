import { Body, Controller, Get, Put, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../../common/api-responses';
import { IdParam } from '../../common/object-id.pipe';
import { RateLimit, WRITE_RATE_LIMIT } from '../../common/rate-limit/rate-limit';
import type { AuthUser } from '../../auth/auth-user';
import { CurrentUser } from '../../auth/current-user.decorator';
import { Access } from '../../auth/access';
import { ProfilePhotosService } from './profile-photos.service';

class PhotoUploadedDto {
  @ApiProperty({ description: 'The new photo, a path on this site' }) photoURL: string;
}

@ApiTags('accounts')
@Controller()
export class PhotosController {
  constructor(private readonly photos: ProfilePhotosService) {}

  @Put('account/photo')
  @Access('signed-in')
  @ApiBearerAuth('bearer')
  @RateLimit(WRITE_RATE_LIMIT)
  @ApiOperation({
    operationId: 'uploadPhoto',
    summary:
      'Sets your photo: the body is a JPEG, PNG, WebP or GIF image of at most 2 MB, re-encoded to 256×256',
  })
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiOkResponse({ type: PhotoUploadedDto })
  @ApiErrors(400, 401, 413, 415, 422, 429)
  async put(@CurrentUser() caller: AuthUser, @Body() body: unknown): Promise<PhotoUploadedDto> {
    return { photoURL: await this.photos.replace(caller.id, body) };
  }

  @Get('photos/:id')
  @Access('public')
  @ApiOperation({ operationId: 'getPhoto', summary: 'A profile photo stored by the app' })
  @ApiOkResponse({ description: 'The image (WebP)' })
  @ApiErrors(400, 404)
  async get(@IdParam() id: string, @Res() res: Response): Promise<void> {
    const photo = await this.photos.read(id);
    // A photo's id changes with its content, so it never needs asking again.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(photo.contentType).send(photo.data);
  }
}
