// Loads a catalogue (and, for soccer, the player list) once per page; the modal filters it in
// memory, so it opens at once and narrows as the filters change.
import { useCallback, useEffect, useState } from 'react';
import type { CatalogueEntry, CatalogueKind, SoccerPlayer } from '@visage/contracts';
import { fetchCatalogue, fetchPlayers } from '../api/catalogue-api';

export interface CatalogueState {
  entries: CatalogueEntry[];
  players: SoccerPlayer[];
  loaded: boolean;
  reload: () => void;
}

export function useCatalogue(kind: CatalogueKind): CatalogueState {
  const [entries, setEntries] = useState<CatalogueEntry[]>([]);
  const [players, setPlayers] = useState<SoccerPlayer[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const players = kind === 'prosoccer' ? fetchPlayers(controller.signal) : Promise.resolve([]);
    Promise.all([fetchCatalogue(kind, controller.signal), players]).then(
      ([list, names]) => {
        setEntries(list);
        setPlayers(names);
        setLoaded(true);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Error fetching images:', error);
        setLoaded(true);
      },
    );
    return () => controller.abort();
  }, [kind, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { entries, players, loaded, reload };
}
