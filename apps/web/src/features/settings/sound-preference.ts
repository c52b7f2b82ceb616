/** The chat's message sound: on unless localStorage `sound` is 'false'. */
import { useState } from 'react';
import { callApi } from '../../lib/api-client';

export const SOUND_KEY = 'sound';

function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function useSoundPreference(): [boolean, (on: boolean) => void] {
  const [sound, setSoundState] = useState(readSound);
  const setSound = (on: boolean) => {
    setSoundState(on);
    try {
      localStorage.setItem(SOUND_KEY, on ? 'true' : 'false');
    } catch {
      // Lasts for this page only.
    }
    callApi('UpdatePreferences', { body: { sound: on } }).catch(() => {});
  };
  return [sound, setSound];
}
