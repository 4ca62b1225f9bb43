// /app: the signed-in dashboard. The account heading, the two mode
// cards, the swap form (with its footer), then the user's gallery. The page joins the swap,
// my-faces and gallery features: a finished job makes the gallery refetch at once.
import { useCallback, useState } from 'react';
import { AccountHome, loadUser } from '../../features/auth';
import { UsagePanel } from '../../features/billing';
import { Gallery } from '../../features/gallery';
import { FaceChooser } from '../../features/my-faces';
import { ModeCards, SwapForm } from '../../features/swap';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import styles from './DashboardPage.module.css';

export default function DashboardPage() {
  const uid = useAppSelector((state) => state.auth.uid);
  const swapsLeft = useAppSelector((state) => state.auth.swapsLeft);
  const [refreshSignal, setRefreshSignal] = useState(0);
  const [newSwap, setNewSwap] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  // A finished swap is counted on the server: the plan line and the swaps left read it at once.
  const onSwapDone = useCallback(
    (swapId: string) => {
      setRefreshSignal((n) => n + 1);
      setNewSwap(swapId);
      void dispatch(loadUser());
    },
    [dispatch],
  );

  return (
    <div className={styles.dashboard}>
      <AccountHome />
      <UsagePanel refreshSignal={refreshSignal} />
      <ModeCards />
      <SwapForm uid={uid} onSwapDone={onSwapDone} swapsLeft={swapsLeft} faceChooser={(props) => <FaceChooser {...props} />} />
      {uid ? <Gallery uid={uid} refreshSignal={refreshSignal} focusId={newSwap} /> : null}
    </div>
  );
}
