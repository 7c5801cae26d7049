package io.browserflow.testkit;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** A deterministic 16×16 grey-framed white PNG carrying a {@code Description} text chunk. */
final class PlaceholderPng {
  static final int SIZE = 16;

  private PlaceholderPng() {}

  static byte[] render(String description) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    ByteBuffer ihdr = ByteBuffer.allocate(13);
    ihdr.putInt(SIZE).putInt(SIZE).put((byte) 8).put((byte) 0).put((byte) 0).put((byte) 0).put((byte) 0);
    chunk(out, "IHDR", ihdr.array());
    chunk(out, "tEXt", ("Description\0" + latin1(description)).getBytes(StandardCharsets.ISO_8859_1));
    byte[] raw = new byte[SIZE * (SIZE + 1)];
    for (int y = 0; y < SIZE; y++) {
      raw[y * (SIZE + 1)] = 0; // filter: none
      for (int x = 0; x < SIZE; x++) {
        boolean frame = x == 0 || y == 0 || x == SIZE - 1 || y == SIZE - 1;
        raw[y * (SIZE + 1) + 1 + x] = (byte) (frame ? 0x99 : 0xff);
      }
    }
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    deflater.setInput(raw);
    deflater.finish();
    byte[] buf = new byte[1024];
    ByteArrayOutputStream z = new ByteArrayOutputStream();
    while (!deflater.finished()) {
      z.write(buf, 0, deflater.deflate(buf));
    }
    deflater.end();
    chunk(out, "IDAT", z.toByteArray());
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  private static String latin1(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      sb.append(c == 0 || c > 0xff ? '?' : c);
    }
    return sb.toString();
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
    byte[] t = type.getBytes(StandardCharsets.US_ASCII);
    out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
    out.writeBytes(t);
    out.writeBytes(data);
    CRC32 crc = new CRC32();
    crc.update(t);
    crc.update(data);
    out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }
}
