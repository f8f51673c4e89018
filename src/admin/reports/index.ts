/** The owner's reports: their own chunk, so the charting library loads with them only. */
import './reports.css';

export { EveningReportPage } from './EveningReport';
export { PeriodReportPage } from './PeriodReport';
