/** The one way frames leave the server: typed by the contract, serialized once per frame. */
import type { WebSocket } from 'ws';
import type { ServerFrame } from '@seer/contract';

/** A serialized frame; one buffer can go to many sockets without encoding it again. */
export type EncodedFrame = Buffer & { readonly __frame: true };

export function encodeFrame(frame: ServerFrame): EncodedFrame {
  return Buffer.from(JSON.stringify(frame)) as EncodedFrame;
}

/** Sends a frame if the socket is open. Returns false when it could not be sent. */
export function sendEncoded(ws: WebSocket, frame: EncodedFrame): boolean {
  if (ws.readyState !== ws.OPEN) return false;
  ws.send(frame, { binary: false });
  return true;
}

export function send(ws: WebSocket, frame: ServerFrame): boolean {
  return sendEncoded(ws, encodeFrame(frame));
}
