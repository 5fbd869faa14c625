import { useId } from 'react';
import { StarIcon } from '../../components/icons.tsx';

function Star({ on, size }: { on: boolean; size: number }) {
  return (
    <StarIcon
      size={size}
      className={on ? 'text-amber-400' : 'text-gray-300'}
      fill={on ? 'currentColor' : 'none'}
    />
  );
}

export const starsLabel = (rating: number) => `${rating} out of 5 stars`;

/** A rating shown as five stars (read as "4 out of 5 stars"). */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span
      role="img"
      aria-label={starsLabel(rating)}
      className="inline-flex items-center gap-0.5"
      data-rating={rating}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} on={n <= rating} size={size} />
      ))}
    </span>
  );
}

export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * Choosing 1 to 5 stars: a radio group (native radios, so arrow keys move the choice and Tab
 * enters and leaves the group), each star labelled "3 stars"; the stars up to the chosen one
 * light up, with a word for the rating beside them.
 */
export function StarInput({
  value,
  onChange,
  name,
  invalid = false,
  describedBy,
}: {
  value: number;
  onChange: (rating: number) => void;
  name: string;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const id = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="flex items-center gap-3"
    >
      <span id={`${id}-label`} className="sr-only">
        Rating
      </span>
      <span className="group/stars flex items-center">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded p-0.5 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand/30"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            <Star on={n <= value} size={30} />
          </label>
        ))}
      </span>
      <span className="text-sm font-medium text-muted" aria-hidden="true">
        {value > 0 ? RATING_WORDS[value - 1] : 'Choose a rating'}
      </span>
    </div>
  );
}
