import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId } from 'react';
import type { InsightChartSpec } from './insightCharts';

const HEIGHT = 260;

/** The figures of a chart as a table: one row per month (or week), one column per series. */
function FiguresTable({ chart }: { chart: InsightChartSpec }) {
  return (
    <TableContainer>
      <Table size="small">
        <caption>{chart.title}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {chart.axis}
            </TableCell>
            {chart.series.map((series) => (
              <TableCell key={series.label} component="th" scope="col" align="right">
                {series.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {chart.labels.map((label, index) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              {chart.series.map((series) => (
                <TableCell key={series.label} align="right">
                  {series.data[index] ?? '–'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Chart({ chart }: { chart: InsightChartSpec }) {
  const xAxis = [{ scaleType: 'band' as const, data: chart.labels }];
  if (chart.kind === 'line') {
    return (
      <LineChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'point', data: chart.labels }]}
        series={chart.series.map((series) => ({ ...series, connectNulls: false }))}
        skipAnimation
      />
    );
  }
  return (
    <BarChart
      height={HEIGHT}
      xAxis={xAxis}
      series={chart.series.map((series) => ({
        ...series,
        ...(chart.stacked ? { stack: chart.id } : {}),
      }))}
      skipAnimation
    />
  );
}

/** One figure of the dashboard: its heading, a sentence of what it says, then chart or table. */
export function InsightChart({ chart, asTable }: { chart: InsightChartSpec; asTable: boolean }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        {chart.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {chart.summary}
      </Typography>
      {asTable || chart.labels.length === 0 ? (
        <FiguresTable chart={chart} />
      ) : (
        <Chart chart={chart} />
      )}
    </Box>
  );
}
