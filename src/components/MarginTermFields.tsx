import { Field } from "@/components/ui";
import { MARGIN_FIELDS, type MarginField } from "./margin-fields";

/**
 * The five margin terms as inputs, one per term of the domain's MarginRules, with the one set of
 * labels and hints (an event's form, the practice market's admin card). The caller keeps the
 * text as typed and says where each term's error is.
 */
export function MarginTermFields({
  value,
  onChange,
  errorOf,
  nameOf = (field) => field,
  disabled,
}: {
  value: (field: MarginField) => string;
  onChange: (field: MarginField, text: string) => void;
  errorOf: (field: MarginField) => string | undefined;
  /** The input's name (a form that names its inputs otherwise). */
  nameOf?: (field: MarginField) => string;
  disabled?: boolean;
}) {
  return (
    <>
      {MARGIN_FIELDS.map((m) => (
        <Field
          key={m.field}
          label={m.label}
          name={nameOf(m.field)}
          value={value(m.field)}
          inputMode={m.mode}
          hint={m.hint}
          disabled={disabled}
          onChange={(e) => onChange(m.field, e.target.value)}
          error={errorOf(m.field)}
        />
      ))}
    </>
  );
}
