import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * Reads the QR code an <svg> element draws, as a phone's camera would: the browser paints the
 * SVG on a canvas, and jsQR decodes the pixels. Undefined when no code can be read.
 */
export async function readQrCode(svg: Locator): Promise<string | undefined> {
  const image = await svg.evaluate(async (element) => {
    const markup = new XMLSerializer().serializeToString(element);
    const picture = new Image();
    picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
    await picture.decode();
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = picture.width * scale;
    canvas.height = picture.height * scale;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data;
}
