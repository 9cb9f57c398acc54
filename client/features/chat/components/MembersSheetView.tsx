import type { ReactNode } from 'react';
import { Sheet, SheetContent } from '../../../components/ui/Sheet';

export interface MembersSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}

export default function MembersSheetView({ open, onOpenChange, children }: MembersSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" title="Members" hideTitle className="p-0">
        {children}
      </SheetContent>
    </Sheet>
  );
}
