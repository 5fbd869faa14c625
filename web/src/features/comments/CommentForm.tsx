import { zodResolver } from '@hookform/resolvers/zod';
import { COMMENT_MAX, commentInputSchema, type OrderLine } from '@mall/shared/contract/order';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, SubmitButton } from '../../components/FormField.tsx';
import { SafeImage } from '../../components/SafeImage.tsx';
import { COMMENT_LIST_PATH } from '../../lib/routes.ts';
import { useSubmitComment } from './comment-api.ts';
import { StarInput } from './Stars.tsx';

export const RATING_REQUIRED = 'Choose a rating from 1 to 5 stars';
export const COMMENT_SAVED = 'Thank you! Your review is saved';

const commentFormSchema = z.object({
  rating: z.number().int().min(1, RATING_REQUIRED).max(5, RATING_REQUIRED),
  content: commentInputSchema.shape.content,
});
type CommentForm = z.input<typeof commentFormSchema>;

/**
 * Rating one line of a completed order: 1 to 5 stars and a text (required, at most 500
 * characters, counted as typed). Saved: back to the comment list. A refusal (already rated,
 * order not completed) shows above the form.
 */
export function CommentFormView({ line }: { line: OrderLine }) {
  const navigate = useNavigate();
  const submit = useSubmitComment();
  const ids = useId();
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<CommentForm>({
    resolver: zodResolver(commentFormSchema),
    defaultValues: { rating: 0, content: '' },
  });
  const server = useServerError(setError, ['rating', 'content']);
  const length = watch('content')?.length ?? 0;

  const onSubmit = handleSubmit((values) => {
    server.setFormError(null);
    submit.mutate(
      { orderLineId: line.id, rating: values.rating, content: values.content.trim() },
      {
        onSuccess: () => {
          toast.success(COMMENT_SAVED);
          navigate(COMMENT_LIST_PATH);
        },
        onError: (err) => server.show(err),
      },
    );
  });

  const contentId = `${ids}-content`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="card flex flex-col gap-6 px-8 py-7"
      aria-label="Rate this good"
    >
      <div className="flex items-center gap-4">
        <div className="size-18 shrink-0 overflow-hidden rounded-lg">
          <SafeImage src={line.thumbUrl} alt="" width={72} height={72} />
        </div>
        <div className="min-w-0">
          <p className="font-semibold text-ink">{line.name}</p>
          {line.skuLabel ? <p className="text-sm text-muted">{line.skuLabel}</p> : null}
        </div>
      </div>
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">Your rating</legend>
        <Controller
          control={control}
          name="rating"
          render={({ field, fieldState }) => (
            <StarInput
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(fieldState.error)}
              describedBy={fieldState.error ? `${ids}-rating-error` : undefined}
            />
          )}
        />
        {errors.rating?.message ? (
          <p id={`${ids}-rating-error`} className="mt-1.5 text-sm text-accent">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={contentId} className="mb-1.5 block text-sm font-medium text-ink">
          Your review
        </label>
        <textarea
          id={contentId}
          rows={6}
          maxLength={COMMENT_MAX}
          placeholder="What did you like or dislike? How was the quality?"
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={`${contentId}-message ${contentId}-count`}
          className={`w-full rounded-lg border bg-white px-3.5 py-3 text-[15px] text-ink transition placeholder:text-gray-400 focus:outline-none focus:ring-3 ${errors.content ? 'border-accent focus:ring-accent/15' : 'border-gray-300 focus:border-brand focus:ring-brand/15'}`}
          {...register('content')}
        />
        <div className="mt-1 flex justify-between text-sm">
          <p id={`${contentId}-message`} className="text-accent">
            {errors.content?.message ?? ''}
          </p>
          <p id={`${contentId}-count`} className="text-muted tabular-nums" data-comment-count>
            {length}/{COMMENT_MAX}
          </p>
        </div>
      </div>
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary h-11" onClick={() => navigate(-1)}>
          Back
        </button>
        <SubmitButton pending={submit.isPending}>Submit review</SubmitButton>
      </div>
    </form>
  );
}
