/**
 * Plays the other party's audio of one call. JsSIP negotiates the media but leaves playing
 * it to the page: each call gets an audio element that is not in the document (nothing to
 * lay out), fed the peer connection's remote stream. Returns the clean-up for the call's end.
 */
export function playRemoteAudio(connection: RTCPeerConnection): () => void {
  if (typeof Audio === 'undefined') return () => undefined;
  const audio = new Audio();
  audio.autoplay = true;
  const onTrack = (event: RTCTrackEvent) => {
    const stream = event.streams[0] ?? new MediaStream([event.track]);
    if (audio.srcObject !== stream) audio.srcObject = stream;
    // A refused autoplay (no user gesture yet) leaves the call silent; the dispatcher has
    // clicked or pressed a key to answer, so this only fails on unusual browser settings.
    void audio.play().catch(() => undefined);
  };
  connection.addEventListener('track', onTrack);
  return () => {
    connection.removeEventListener('track', onTrack);
    audio.pause();
    audio.srcObject = null;
  };
}
