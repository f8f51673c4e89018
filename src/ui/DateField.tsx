import { useState } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from 'react-aria-components';

/** What empties an optional date. */
export const NO_DATE = 'Nessuna data';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The forms and the wire hold 'YYYY-MM-DD' ('' for no date); the picker holds a calendar date: converted here only. */
const toCalendarDate = (iso: string): CalendarDate | null => (ISO_DATE.test(iso) ? parseDate(iso) : null);

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or '' for no date */
  value: string;
  /** 'YYYY-MM-DD', or '' when the date was emptied */
  onChange(value: string): void;
  errors?: readonly string[];
  description?: string;
  /** an optional date: the button that empties it ('Nessuna data') */
  clearLabel?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  className?: string;
}

/**
 * A date typed as gg/mm/aaaa or picked in a calendar (Italian names, Monday first), whatever the
 * browser's language. Errors are the caller's Italian messages, never the browser's.
 */
export function DateField({
  label,
  value,
  onChange,
  errors = [],
  description,
  clearLabel,
  isDisabled,
  isRequired,
  className,
}: DateFieldProps) {
  // A half-typed date is the input's own until complete: emptying remounts the input so no digits linger.
  const [clears, setClears] = useState(0);
  // Typing 2026 makes the years 2, 20 and 202 on the way: the picker shows them, the caller hears only four digits.
  const [picked, setPicked] = useState(() => toCalendarDate(value));
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setPicked(toCalendarDate(value));
  }
  return (
    <I18nProvider locale="it-IT">
      <DatePicker
        className={['field date-field', className].filter(Boolean).join(' ')}
        value={picked}
        onChange={(date) => {
          setPicked(date);
          if (!date) onChange('');
          else if (date.year >= 1000) onChange(date.toString());
        }}
        isInvalid={errors.length > 0}
        isDisabled={isDisabled}
        isRequired={isRequired}
        validationBehavior="aria"
      >
        <Label className="field__label">{label}</Label>
        <div className="date-field__row">
          <Group className="field__input date-field__group">
            <DateInput key={clears} className="date-field__input">
              {(segment) => <DateSegment className="date-field__segment" segment={segment} />}
            </DateInput>
            <Button className="date-field__open">
              <CalendarIcon />
            </Button>
          </Group>
          {clearLabel && (
            <Button
              slot={null}
              className="button date-field__clear"
              aria-label={`${clearLabel} (${label})`}
              isDisabled={isDisabled}
              onPress={() => {
                onChange('');
                setPicked(null);
                setClears((n) => n + 1);
              }}
            >
              {clearLabel}
            </Button>
          )}
        </div>
        {description && (
          <Text className="field__hint" slot="description">
            {description}
          </Text>
        )}
        <FieldError className="field__error">{errors.join(' ')}</FieldError>
        <Popover className="date-field__popover">
          <Dialog className="date-field__dialog">
            <Calendar className="date-field__calendar">
              <header className="date-field__month">
                <Button slot="previous" className="date-field__nav">
                  <span aria-hidden="true">‹</span>
                </Button>
                <Heading className="date-field__heading" />
                <Button slot="next" className="date-field__nav">
                  <span aria-hidden="true">›</span>
                </Button>
              </header>
              <CalendarGrid className="date-field__grid">{(date) => <CalendarCell className="date-field__day" date={date} />}</CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Z"
      />
    </svg>
  );
}
