/** One figure of a list of facts (`<dl className="facts">` or `"preview"`): its label and value, the value always left to right. */
export function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd dir="ltr" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
