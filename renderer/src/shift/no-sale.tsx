// "No sale" beside the till: the cash drawer opened without a sale, with the reason the
// report keeps. Offered while a shift is open and a drawer is on the till's own printer
// (the agent opens it); the Today screen keeps every drawer entry too.
import { useState } from 'preact/hooks';
import type { ShiftState } from '../../../main/contract/contract';
import { Notice } from '../components/field';
import { printsDirect, usePrinter } from '../printer';
import type { MoneyTyping } from './amount';
import { DrawerEntryForm } from './drawer-entry-form';
import { useManagerApproval } from './manager-approval';
import { useWords } from '../words';

export function NoSale(props: { state: ShiftState; typing: MoneyTyping; onSaved: () => void }) {
  const words = useWords();
  const printer = usePrinter();
  const approval = useManagerApproval(props.state.cashiers);
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string>();
  const drawer = printsDirect(printer) && printer?.view.drawer === true;
  if (!drawer || props.state.shift?.state !== 'open') return null;
  return (
    <div class="no-sale">
      {!open && (
        <button
          type="button"
          onClick={() => {
            setSaved(undefined);
            setOpen(true);
          }}
        >
          {words.t('shift.noSale.open')}
        </button>
      )}
      {saved && <Notice tone="ok">{saved}</Notice>}
      {open && (
        <DrawerEntryForm
          kind="no_sale"
          typing={props.typing}
          approval={approval}
          onSaved={(text) => {
            setOpen(false);
            setSaved(text);
            props.onSaved();
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </div>
  );
}
