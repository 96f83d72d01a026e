import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';
import { formText } from '../../components/formText';
import {
  useRefreshSessionMutation,
  useUpdateMeMutation,
  useUploadPhotoMutation,
} from '../../lib/api/client';
import type { SignedInUser } from '../../auth/authSlice';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { AccountSection } from './AccountSection';
import { useSubmit } from './useSubmit';
import { fieldFeedback } from '../../lib/api/fieldErrors';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/** The display name and the photo (uploaded here, re-encoded by the server). */
export function ProfileSection({ user }: { user: SignedInUser }) {
  const [updateMe, { isLoading: saving }] = useUpdateMeMutation();
  const [uploadPhoto, { isLoading: uploading }] = useUploadPhotoMutation();
  const [refreshSession] = useRefreshSessionMutation();
  const dispatch = useAppDispatch();
  const photoInput = useRef<HTMLInputElement>(null);

  const saveName = useSubmit(
    async (fields) => {
      await updateMe({
        updateProfileDto: { displayName: formText(fields, 'displayName') },
      }).unwrap();
      return 'Your name was saved.';
    },
    ['displayName'],
  );

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await uploadPhoto({ body: file }).unwrap();
      // The session's next token carries the new photo, for the header and new reviews.
      await refreshSession().unwrap();
      dispatch(toastShown('Your photo was saved.'));
    } catch (error) {
      dispatch(toastShown(errorMessage(error as never), 'error'));
    }
  };

  const name = user.displayName ?? '';
  return (
    <AccountSection title="Profile">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Avatar src={user.photoURL || undefined} alt={name} sx={{ width: 72, height: 72 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        {/* A real button opening the hidden file input: a label styled as one is no button. */}
        <Button variant="outlined" disabled={uploading} onClick={() => photoInput.current?.click()}>
          {uploading ? 'Uploading…' : 'Upload a photo'}
        </Button>
        <input
          ref={photoInput}
          hidden
          type="file"
          accept={PHOTO_TYPES}
          aria-label="Photo"
          onChange={choosePhoto}
        />
        <Typography variant="body2" color="text.secondary">
          JPEG, PNG, WebP or GIF, up to 2 MB.
        </Typography>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={saveName.submit}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label="Display name"
          {...fieldFeedback(saveName.fieldErrors, 'displayName')}
          defaultValue={name}
          key={name}
          size="small"
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={saving}>
          Save
        </Button>
      </Box>
    </AccountSection>
  );
}
