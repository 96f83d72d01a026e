import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLazyExportMyDataQuery } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { AccountSection } from './AccountSection';

const FILE_NAME = 'service-critic-my-data.json';

/** Saves `data` as a JSON file through the browser's download. */
function saveAsFile(data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

/** "Download my data": one JSON file with what the site keeps about the user. */
export function MyDataSection() {
  const [exportMyData, { isFetching }] = useLazyExportMyDataQuery();
  const dispatch = useAppDispatch();
  const download = async () => {
    try {
      saveAsFile(await exportMyData().unwrap());
    } catch (error) {
      dispatch(toastShown(errorMessage(error as never), 'error'));
    }
  };
  return (
    <AccountSection title="Your data">
      <Typography>
        One JSON file with your profile, your reviews, your notifications and where you are signed
        in.
      </Typography>
      <Button
        variant="outlined"
        disabled={isFetching}
        onClick={() => void download()}
        sx={{ alignSelf: 'start' }}
      >
        Download my data
      </Button>
    </AccountSection>
  );
}
