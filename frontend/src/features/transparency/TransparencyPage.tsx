import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetTransparencyReportQuery, type MonthTransparencyDto } from '../../lib/api/client';
import { LoadError } from '../../components/LoadError';
import { TitledPage } from '../../components/TitledPage';

/** A table that may scroll sideways on a phone: keyboard users reach it to scroll it. */
const scrollableRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label });

const COLUMNS: [keyof MonthTransparencyDto, string][] = [
  ['reviewsWritten', 'Reviews written'],
  ['fromVerifiedAccounts', 'From verified accounts'],
  ['edits', 'Edits'],
  ['flagged', 'Held for moderation'],
  ['removed', 'Removed'],
  ['restored', 'Restored'],
  ['reportsReceived', 'Reports received'],
  ['reportsUpheld', 'Reports upheld'],
  ['reportsDismissed', 'Reports dismissed'],
  ['appeals', 'Appeals'],
  ['appealsGranted', 'Appeals granted'],
  ['burstAlerts', 'Review bursts caught'],
];

function RulesTable({ month }: { month: MonthTransparencyDto }) {
  if (month.rules.length === 0) return null;
  return (
    <TableContainer {...scrollableRegion(`What each rule did in ${month.month}`)}>
      <Table size="small" aria-label={`What each rule did in ${month.month}`}>
        <TableHead>
          <TableRow>
            <TableCell>Rule ({month.month})</TableCell>
            <TableCell align="right">Flagged</TableCell>
            <TableCell align="right">Then removed</TableCell>
            <TableCell align="right">Then published</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {month.rules.map((rule) => (
            <TableRow key={rule.rule}>
              <TableCell>{rule.rule}</TableCell>
              <TableCell align="right">{rule.flagged}</TableCell>
              <TableCell align="right">{rule.confirmed}</TableCell>
              <TableCell align="right">{rule.overturned}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /transparency: what moderation did, month by month, and what each automatic rule did. */
export function TransparencyPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetTransparencyReportQuery();
  return (
    <TitledPage title="Transparency">
      <Typography>
        How reviews were moderated each month: what the automatic rules held back, what readers
        reported, and what moderators decided.
      </Typography>
      {isLoading && <CircularProgress aria-label="Loading the figures" />}
      {error && <LoadError error={error} onRetry={refetch} retrying={isFetching} />}
      {data?.length === 0 && <Typography>No figures yet.</Typography>}
      {data && data.length > 0 && (
        <TableContainer {...scrollableRegion('Moderation per month')}>
          <Table size="small" aria-label="Moderation per month">
            <TableHead>
              <TableRow>
                <TableCell>Month</TableCell>
                {COLUMNS.map(([, label]) => (
                  <TableCell key={label} align="right">
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((month) => (
                <TableRow key={month.month}>
                  <TableCell component="th" scope="row">
                    {month.month}
                  </TableCell>
                  {COLUMNS.map(([field, label]) => (
                    <TableCell key={label} align="right">
                      {month[field] as number}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data?.map((month) => (
        <RulesTable key={month.month} month={month} />
      ))}
    </TitledPage>
  );
}
