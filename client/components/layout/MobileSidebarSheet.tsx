import { Sheet, SheetContent } from '../ui/Sheet';
import { SidebarChatList } from './SidebarChatList';
import { SIDEBAR_WIDTH_MOBILE } from './SidebarProvider';

/** Below 768 px the chats list is a side sheet opened from the header. */
export function MobileSidebarSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        title="Active chats"
        className="bg-sidebar px-2"
        style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: '85vw' }}
      >
        <SidebarChatList collapsed={false} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
