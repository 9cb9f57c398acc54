/** The message toolbar's icon buttons: the same look before and after their menus have loaded. */
export const TOOLBAR_BUTTON_CLASS = 'rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground';
