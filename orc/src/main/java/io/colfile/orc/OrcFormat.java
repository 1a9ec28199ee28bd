package io.colfile.orc;

import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.FormatProvider;
import io.colfile.core.WriteOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Registers ORC with {@link io.colfile.core.ColFile}: files that start with "ORC". */
public final class OrcFormat implements FormatProvider {
  @Override
  public String name() {
    return "ORC";
  }

  @Override
  public boolean matches(byte[] head, byte[] tail, long length) {
    return head.length >= 3 && head[0] == 'O' && head[1] == 'R' && head[2] == 'C';
  }

  @Override
  public FileReader open(InputFile file) throws IOException {
    return OrcReader.open(file);
  }

  /**
   * An {@link OrcWriter} with ORC's defaults but for what {@code options} sets: its compression,
   * block size (the stripe size), bloom filter columns and parallelism, then its properties under
   * orc-core's names ({@link OrcWriterOptions.Builder#properties}), which win over the former.
   * Encryption comes from the properties {@code orc.encrypt} and {@code orc.mask} (ORC Java's
   * names; see {@link OrcWriterOptions.Builder#encrypt} and {@link
   * OrcWriterOptions.Builder#masks}) with the master keys of the Java key store {@code
   * orc.key.store} (password {@code orc.key.store.password}, else none).
   */
  @Override
  public FileWriter create(OutputFile file, Type schema, WriteOptions options)
      throws IOException {
    Set<String> names = new TreeSet<>(OrcWriterProperties.NAMES);
    names.addAll(ENCRYPTION_NAMES);
    options.checkProperties(name(), "orc.", names);
    OrcWriterOptions.Builder b = OrcWriterOptions.builder();
    options.compression().ifPresent(b::compression);
    options.blockSize().ifPresent(b::stripeSize);
    b.bloomFilterColumns(options.bloomFilterColumns());
    b.parallelism(options.parallelism());
    options.executor().ifPresent(b::executor);
    Map<String, String> settings = new LinkedHashMap<>(options.properties());
    settings.keySet().removeAll(ENCRYPTION_NAMES);
    b.properties(settings);
    encryption(b, options.properties());
    return OrcWriter.create(file, schema, b.build());
  }

  static final String ENCRYPT = "orc.encrypt";
  static final String MASK = "orc.mask";
  static final String KEY_STORE = "orc.key.store";
  static final String KEY_STORE_PASSWORD = "orc.key.store.password";
  private static final Set<String> ENCRYPTION_NAMES = Set.of(ENCRYPT, MASK, KEY_STORE,
      KEY_STORE_PASSWORD);

  private static void encryption(OrcWriterOptions.Builder b, Map<String, String> properties)
      throws IOException {
    String encrypt = properties.getOrDefault(ENCRYPT, "");
    String store = properties.get(KEY_STORE);
    if (encrypt.isBlank()) {
      if (properties.containsKey(MASK) || store != null) {
        throw new IllegalArgumentException(MASK + " and " + KEY_STORE + " need " + ENCRYPT);
      }
      return;
    }
    if (store == null) {
      throw new IllegalArgumentException(ENCRYPT + " needs a key store (" + KEY_STORE + ")");
    }
    String password = properties.getOrDefault(KEY_STORE_PASSWORD, "");
    b.encrypt(KeystoreKeyProvider.open(java.nio.file.Path.of(store), password.toCharArray()),
        encrypt);
    b.masks(properties.getOrDefault(MASK, ""));
  }
}
