import { LineIcon } from '../../shared/icons/line-icon.tsx';
/** Line icons of the frame (spec 000 §2.2 lists dashboard, signOut, …); decorative only. */
export function DashboardIcon() {
  return (
    <LineIcon>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </LineIcon>
  );
}

export function AgreementIcon() {
  return (
    <LineIcon>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
      <path d="M13 11l-3 4h4l-3 4" />
    </LineIcon>
  );
}

export function InvoicesIcon() {
  return (
    <LineIcon>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </LineIcon>
  );
}

export function AccountIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </LineIcon>
  );
}

export function MyHomeIcon() {
  return (
    <LineIcon>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h14V10" />
      <path d="M10 20v-6h4v6" />
    </LineIcon>
  );
}

export function SignOutIcon() {
  return (
    <LineIcon>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5" />
      <path d="M21 12H9" />
    </LineIcon>
  );
}

export function AnalysisIcon() {
  return (
    <LineIcon>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </LineIcon>
  );
}

export function MenuIcon() {
  return (
    <LineIcon>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </LineIcon>
  );
}

export function CloseIcon() {
  return (
    <LineIcon>
      <path d="M18 6 6 18M6 6l12 12" />
    </LineIcon>
  );
}
