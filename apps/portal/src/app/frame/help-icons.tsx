import { LineIcon } from '../../shared/icons/line-icon.tsx';
/** Line icons of the help and notices features (spec 000 §2.2 lists faq, info and tool); decorative only. */
export function FaqIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7" />
      <path d="M12 17h.01" />
    </LineIcon>
  );
}

export function InfoIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5" />
      <path d="M12 8h.01" />
    </LineIcon>
  );
}

export function ToolIcon() {
  return (
    <LineIcon>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" />
    </LineIcon>
  );
}
