import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { KIOSK_MESSAGES, deviceIdFromQr, kioskRefusalText, parseMac } from '@vigil/domain';
import { kioskStore, useKioskFlow } from './flow-store';
import { kioskPath } from './kiosk-nav';

/**
 * A tag identified on the tap or scan screen: the flow takes it and the status screen opens; a
 * refusal (the tag being returned, in a swap) is worded for the screen. `scanned` takes a typed MAC
 * or a QR code's content (SPEC §5: its trailing 12 hex characters, lowercased).
 */
export function useTagFound(station: string) {
  const navigate = useNavigate();
  const { flow, send } = useKioskFlow(station);
  const [problem, setProblem] = useState<string | null>(null);

  function found(tagId: string) {
    const refusal = send({ type: 'tagFound', tagId });
    if (refusal) {
      const personName = flow.step === 'home' ? null : flow.person?.name;
      setProblem(kioskRefusalText(refusal, { tagId, personName }));
      return;
    }
    setProblem(null);
    navigate(kioskPath(station, 'status'));
  }

  function scanned(content: string) {
    // A typed MAC (SPEC §5: separated pairs too), else a QR code's trailing 12 hex characters.
    const mac = parseMac(content);
    const tagId = mac.ok ? mac.value : deviceIdFromQr(content);
    if (tagId) found(tagId);
    else setProblem(KIOSK_MESSAGES.scanNotATag(content.trim().slice(0, 60)));
  }

  return { found, scanned, problem };
}

/**
 * The tap and scan screens wait in the flow's identifyingTag step; opened on another step (a
 * typed URL, "check a tag"), they start one from now. Null while it starts, or when the kiosk is
 * busy (activating, success) and the screen should go home.
 */
export function useIdentifyingStep(station: string) {
  const { flow, send } = useKioskFlow(station);
  const [refused, setRefused] = useState(false);
  // Only on opening: once a tag is found the flow moves on, and the screen must not start again.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (kioskStore.flow(station).step === 'identifyingTag') return;
    setRefused(send({ type: 'identifyTag', now: new Date().toISOString() }) !== null);
  }, [station, send]);
  return { flow: flow.step === 'identifyingTag' ? flow : null, refused };
}
