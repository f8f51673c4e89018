import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuro, formatShopDate, toEuros, type EveningSlot, type ReportDaySales } from '../../domain';

/**
 * The reports' charts (recharts: only the reports' chunk loads it). Pictures for the eye: each sits
 * in a ChartWithTable, whose table gives the same numbers to screen readers; hidden from them, the charts
 * take no keyboard focus either (no accessibility layer).
 */

const HEIGHT = 260;
const INK = 'var(--ink)';
const ACCENT = 'var(--red-dark)';
const MUTED = 'var(--muted)';

/** Orders and oven load per 15-minute slot, against the oven's capacity. */
export function SlotsChart({ slots, capacity }: { slots: readonly EveningSlot[]; capacity: number }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 320, height: HEIGHT }}>
      <ComposedChart accessibilityLayer={false} data={slots as EveningSlot[]} margin={{ top: 16, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="time" minTickGap={12} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="orders" name="Ordini" fill={MUTED} />
        <Bar dataKey="ovenLoad" name="Carico forno" fill={ACCENT} />
        {/* The axis reaches the capacity even on a quiet evening, so the line is always drawn. */}
        <ReferenceLine
          ifOverflow="extendDomain"
          y={capacity}
          stroke={INK}
          strokeDasharray="6 3"
          label={{ value: `Capacità ${capacity}`, position: 'insideTopRight' }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Takings (bars, euros) and orders (line) per day of a period. */
export function DaysChart({ days }: { days: readonly ReportDaySales[] }) {
  const data = days.map((day) => ({ day: formatShopDate(day.day).slice(0, 5), revenue: toEuros(day.revenue), orders: day.orders }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 320, height: HEIGHT }}>
      <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 16, right: 0, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" minTickGap={12} />
        <YAxis yAxisId="revenue" tickFormatter={(euros: number) => `${euros} €`} width={64} />
        <YAxis yAxisId="orders" orientation="right" allowDecimals={false} width={32} />
        <Tooltip formatter={(value, name) => (name === 'Incasso' ? formatEuro(Number(value) * 100) : value)} />
        <Legend />
        <Bar yAxisId="revenue" dataKey="revenue" name="Incasso" fill={MUTED} />
        <Line yAxisId="orders" dataKey="orders" name="Ordini" stroke={ACCENT} dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
