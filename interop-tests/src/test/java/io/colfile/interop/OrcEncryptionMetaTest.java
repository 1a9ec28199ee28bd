package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.orc.OrcReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.DataMaskDescription;
import org.apache.orc.EncryptionKey;
import org.apache.orc.EncryptionVariant;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What {@code colfile meta} says of an encrypted ORC file (OrcReader.describe: encryption
 * masks, keys, variants and the type attributes) is what orc-core's reader says of it.
 */
class OrcEncryptionMetaTest {
  @Test
  void encryptionAndTypeAttributesAsOrcCoreReadsThem() throws IOException {
    Path file = RendererGoldenTest.examplesDir().resolve("encrypted/sample1.orc");
    Assumptions.assumeTrue(Files.exists(file), "skipped: " + file + " is missing (../shared "
        + "is absent)");
    Map<String, Object> meta;
    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      meta = r.describe();
    }
    try (Reader orc = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
        OrcFile.readerOptions(new Configuration()))) {
      Map<?, ?> enc = (Map<?, ?>) meta.get("encryption");
      List<Object> keys = new ArrayList<>();
      for (EncryptionKey k : orc.getColumnEncryptionKeys()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", k.getKeyName());
        m.put("version", (long) k.getKeyVersion());
        m.put("algorithm", k.getAlgorithm().name());
        keys.add(m);
      }
      assertThat(enc.get("keys")).isEqualTo(keys);

      // orc-core's reader leaves DataMaskDescription.getColumns() empty: the columns come from
      // its parse of the footer
      List<Object> masks = new ArrayList<>();
      DataMaskDescription[] described = orc.getDataMasks();
      org.apache.orc.OrcProto.Encryption proto = orc.getFileTail().getFooter().getEncryption();
      for (int i = 0; i < described.length; i++) {
        List<Object> ids = new ArrayList<>();
        for (int c : proto.getMask(i).getColumnsList()) {
          ids.add((long) c);
        }
        masks.add(List.of(described[i].getName(), List.of(described[i].getParameters()), ids));
      }
      assertThat(enc.get("keyProvider")).isEqualTo(proto.getKeyProvider().name());
      List<Object> ours = new ArrayList<>();
      for (Object o : (List<?>) enc.get("masks")) {
        Map<?, ?> m = (Map<?, ?>) o;
        ours.add(List.of(m.get("name"), m.get("parameters"), m.get("columns")));
      }
      assertThat(ours).isEqualTo(masks);

      List<Object> variants = new ArrayList<>();
      for (EncryptionVariant v : orc.getEncryptionVariants()) {
        variants.add(List.of((long) v.getRoot().getId(), v.getKeyDescription().getKeyName()));
      }
      List<Object> ourVariants = new ArrayList<>();
      for (Object o : (List<?>) enc.get("variants")) {
        Map<?, ?> m = (Map<?, ?>) o;
        ourVariants.add(List.of(m.get("root"), m.get("keyName")));
      }
      assertThat(ourVariants).isEqualTo(variants);

      Map<Object, Object> attributes = new LinkedHashMap<>();
      TypeDescription schema = orc.getSchema();
      for (int id = 0; id <= schema.getMaximumId(); id++) {
        TypeDescription t = schema.findSubtype(id);
        Map<String, String> a = new LinkedHashMap<>();
        for (String name : t.getAttributeNames()) {
          a.put(name, t.getAttributeValue(name));
        }
        if (!a.isEmpty()) {
          attributes.put(id, a);
        }
      }
      assertThat(attributes).isNotEmpty();
      Map<Object, Object> ourAttributes = new LinkedHashMap<>();
      for (Object o : (List<?>) meta.get("typeAttributes")) {
        Map<?, ?> m = (Map<?, ?>) o;
        ourAttributes.put(m.get("column"), m.get("attributes"));
      }
      assertThat(ourAttributes).isEqualTo(attributes);
    }
  }
}
