import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { diffRecords, type FieldDiff } from './auditDiff';
import { AuditValue, type RecordKind } from './AuditValue';

const changeWords: Record<FieldDiff['change'], string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  same: 'unchanged',
};

/** One side of a row: struck out when it is the old value of a change, marked when the new one. */
function CellValue({
  row,
  side,
  kind,
}: {
  row: FieldDiff;
  side: 'before' | 'after';
  kind: RecordKind;
}) {
  const value = <AuditValue field={row.field} value={row[side]} kind={kind} />;
  if (row.change === 'same') return value;
  return side === 'before' ? <del>{value}</del> : <ins>{value}</ins>;
}

function DiffTable({ rows, kind, label }: { rows: FieldDiff[]; kind: RecordKind; label: string }) {
  return (
    <Box
      component="table"
      aria-label={label}
      sx={{
        width: '100%',
        tableLayout: 'fixed',
        borderCollapse: 'collapse',
        typography: 'body2',
        '& th, & td': {
          textAlign: 'left',
          verticalAlign: 'top',
          p: 0.5,
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-line',
        },
        '& thead th': { color: 'text.secondary', fontWeight: 600 },
        '& tbody th': { color: 'text.secondary', fontWeight: 400 },
        '& tr[data-change="changed"], & tr[data-change="added"], & tr[data-change="removed"]': {
          bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.12),
        },
        // The palette's main shades are too light for text on the tinted rows (axe color-contrast).
        '& del': {
          color: (theme: Theme) =>
            theme.palette.error[theme.palette.mode === 'dark' ? 'light' : 'dark'],
          textDecorationThickness: '1px',
        },
        '& ins': {
          color: (theme: Theme) =>
            theme.palette.success[theme.palette.mode === 'dark' ? 'light' : 'dark'],
          textDecoration: 'none',
          fontWeight: 600,
        },
      }}
    >
      <thead>
        <tr>
          <th scope="col" style={{ width: '28%' }}>
            Field
          </th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} data-change={row.change}>
            <th scope="row">
              {row.field}
              {row.change !== 'same' && (
                <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                  {changeWords[row.change]}
                </Typography>
              )}
            </th>
            <td>
              <CellValue row={row} side="before" kind={kind} />
            </td>
            <td>
              <CellValue row={row} side="after" kind={kind} />
            </td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * The record before and after a change, field by field: what changed first, highlighted (the
 * old value struck out, the new one marked), then what stayed the same, folded.
 */
export function RecordDiff({
  before,
  after,
  kind,
}: {
  before: object | null;
  after: object | null;
  kind: RecordKind;
}) {
  const fields = diffRecords(before, after);
  const changed = fields.filter((field) => field.change !== 'same');
  const same = fields.filter((field) => field.change === 'same');
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      {changed.length > 0 ? (
        <DiffTable rows={changed} kind={kind} label="Changed fields" />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No field changed.
        </Typography>
      )}
      {same.length > 0 && (
        <Box component="details">
          <Box component="summary" sx={{ cursor: 'pointer', typography: 'body2', py: 0.5 }}>
            Unchanged fields ({same.length})
          </Box>
          <DiffTable rows={same} kind={kind} label="Unchanged fields" />
        </Box>
      )}
    </Box>
  );
}
