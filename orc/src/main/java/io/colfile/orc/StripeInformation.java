package io.colfile.orc;

/**
 * Where a stripe lives: its absolute offset, the lengths of its index area, data area and
 * footer, and its row count (ORC Footer.stripes).
 */
public record StripeInformation(
    long offset, long indexLength, long dataLength, long footerLength, long numberOfRows) {

  /** Total bytes of the stripe. */
  public long length() {
    return indexLength + dataLength + footerLength;
  }
}
