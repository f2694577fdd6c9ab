/**
 * The phone's camera as a QR reader: the browser's BarcodeDetector where it reads QR codes, jsQR on
 * the video frames otherwise. The camera is released when the component using it goes away.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import jsQR from 'jsqr';

export type CameraState = 'starting' | 'scanning' | 'no-camera' | 'denied' | 'failed';

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** Time between two reads: enough for a steady hand, little work for the phone. */
const READ_EVERY_MS = 150;
/** jsQR reads frames scaled down to this width: a label fills much of the picture. */
const DECODE_WIDTH = 640;

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** A reader of the video's current frame with jsQR. */
function jsQrReader(): (video: HTMLVideoElement) => string | null {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (!context || !video.videoWidth) return null;
    const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

function stateOf(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  return 'failed';
}

/**
 * Opens the back camera into the returned video element's ref and calls `onRead` with each text
 * read (until it returns true: then reading stops, the camera stays on until the component unmounts).
 */
export function useQrScanner(onRead: (text: string) => boolean): { video: RefObject<HTMLVideoElement | null>; state: CameraState } {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const handler = useRef(onRead);
  useLayoutEffect(() => {
    handler.current = onRead;
  });

  useEffect(() => {
    const element = video.current;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };

    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('no-camera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState(stateOf(error));
        return;
      }
      if (stopped || !element) {
        stop();
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setState('scanning');
      const detector = await nativeDetector();
      const readFrame = jsQrReader();
      const tick = async () => {
        if (stopped) return;
        let text: string | null = null;
        try {
          if (element.readyState >= element.HAVE_CURRENT_DATA) {
            text = detector ? ((await detector.detect(element))[0]?.rawValue ?? null) : readFrame(element);
          }
        } catch {
          text = null;
        }
        if (stopped) return;
        if (text !== null && handler.current(text)) return;
        timer = setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    })();

    return () => {
      stop();
      if (element) element.srcObject = null;
    };
  }, []);

  return { video, state };
}
