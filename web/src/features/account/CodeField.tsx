import type { CodePurpose, SendCodeResult } from '@mall/shared/contract/account';
import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../components/FormField.tsx';
import { codeSentHint, SendCodeButton } from './SendCodeButton.tsx';

interface CodeFieldProps extends Omit<TextFieldProps, 'label' | 'addon' | 'hint'> {
  purpose: CodePurpose;
  /** Checks the e-mail or phone field and returns its value, or null when it is not valid. */
  getTarget: () => Promise<string | null>;
  /** A refusal of the send (e.g. a target already registered, or too soon). */
  onSendError: (err: unknown) => void;
  /** What the code goes to, for the hint before sending: "your e-mail". */
  sentTo: string;
}

/** The 4-digit verification code with its Send code button (60 s countdown) beside it. */
export function CodeField({ purpose, getTarget, onSendError, sentTo, ...input }: CodeFieldProps) {
  const [hint, setHint] = useState<string | null>(null);
  return (
    <TextField
      label="Verification code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      placeholder="4 digits"
      hint={hint ?? `Choose Send code and we will send a 4-digit code to ${sentTo}.`}
      addon={
        <SendCodeButton
          purpose={purpose}
          getTarget={getTarget}
          onSent={(target: string, result: SendCodeResult | null) => setHint(codeSentHint(target, result))}
          onError={(err) => {
            setHint(null);
            onSendError(err);
          }}
        />
      }
      {...input}
    />
  );
}
