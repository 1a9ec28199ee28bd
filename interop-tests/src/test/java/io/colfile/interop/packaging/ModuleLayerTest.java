package io.colfile.interop.packaging;

import static java.util.stream.Collectors.toMap;
import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import io.airlift.compress.lz4.Lz4Compressor;
import io.colfile.cli.Main;
import io.colfile.core.ColFile;
import io.colfile.kudu.CFile;
import io.colfile.orc.OrcReader;
import io.colfile.text.JsonLinesWriter;
import io.colfile.trevni.TrevniReader;
import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.io.IOUtils;
import org.apache.commons.lang3.StringUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * colfile's jars as Java modules: each descriptor exports exactly the API packages (and the byte
 * layer and the relocated protobuf only to the modules that share them), and a module layer built
 * from the jars alone opens and reads every format through {@link ColFile#open}, the formats found
 * by ServiceLoader as modules; and the command runs from the module path. The rest of the tests
 * run on the class path.
 */
class ModuleLayerTest {
  private static final String CORE = "io.colfile.core";
  private static final String TEXT = "io.colfile.text";
  private static final String ORC = "io.colfile.orc";
  private static final String TREVNI = "io.colfile.trevni";
  private static final String KUDU = "io.colfile.kudu";
  private static final String PROTOBUF = "io.colfile.shaded.protobuf";
  private static final String CLI = "io.colfile.cli";

  /** The packages each module exports to every module: its API. */
  private static final Map<String, Set<String>> API = Map.of(
      CORE, Set.of(CORE, CORE + ".codec", CORE + ".error", CORE + ".filter", CORE + ".io",
          CORE + ".layout", CORE + ".read", CORE + ".types", CORE + ".vector"),
      TEXT, Set.of(TEXT, TEXT + ".convert"),
      ORC, Set.of(ORC, ORC + ".bloom", ORC + ".index", ORC + ".stats", ORC + ".stripe"),
      TREVNI, Set.of(TREVNI, TREVNI + ".avro"),
      KUDU, Set.of(KUDU, KUDU + ".bloom", KUDU + ".delta", KUDU + ".fs", KUDU + ".index",
          KUDU + ".meta", KUDU + ".rowset", KUDU + ".tablet", KUDU + ".wal"),
      PROTOBUF, Set.of(),
      CLI, Set.of());

  /** The packages exported to some modules only, with those modules. */
  private static final Map<String, Map<String, Set<String>>> SHARED = Map.of(
      CORE, Map.of(CORE + ".encoding", Set.of(ORC, TREVNI, KUDU),
          CORE + ".write", Set.of(ORC, TREVNI, KUDU)),
      ORC, Map.of(ORC + ".proto", Set.of(PROTOBUF)),
      KUDU, Map.of(KUDU + ".proto", Set.of(PROTOBUF)),
      PROTOBUF, Map.of(PROTOBUF, Set.of(ORC, KUDU)));

  /** The packages no other module may use. */
  private static final Map<String, Set<String>> INTERNAL = Map.of(
      CORE, Set.of(),
      TEXT, Set.of(),
      ORC, Set.of(ORC + ".column", ORC + ".crypto", ORC + ".pushdown", ORC + ".stream",
          ORC + ".tail", ORC + ".write"),
      TREVNI, Set.of(),
      KUDU, Set.of(KUDU + ".block", KUDU + ".key"),
      PROTOBUF, Set.of(),
      CLI, Set.of(CLI));

  /** The packages open to reflection: the commands, to picocli. */
  private static final Map<String, Map<String, Set<String>>> OPEN = Map.of(
      CLI, Map.of(CLI, Set.of("info.picocli")));

  /** colfile's jars (the command's too) and the jars they need at run time, nothing else. */
  private static List<Path> jars() {
    return List.of(
        Jars.of(ColFile.class), Jars.of(JsonLinesWriter.class), Jars.of(OrcReader.class),
        Jars.of(TrevniReader.class), Jars.of(CFile.class),
        Jars.of(io.colfile.shaded.protobuf.Message.class), Jars.of(Main.class),
        Jars.of(Lz4Compressor.class), Jars.of(JsonFactory.class),
        Jars.of(BZip2CompressorInputStream.class), Jars.of(IOUtils.class),
        Jars.of(StringUtils.class), Jars.of(Hex.class), Jars.of(CommandLine.class),
        Jars.of(org.brotli.dec.BrotliInputStream.class));
  }

  private static ModuleFinder modulePath() {
    return ModuleFinder.of(jars().toArray(Path[]::new));
  }

  @Test
  void eachModuleExportsItsApiAndSharesTheRestOnlyWhereNeeded() {
    ModuleFinder finder = modulePath();
    for (String name : API.keySet()) {
      ModuleDescriptor d = finder.find(name).map(ModuleReference::descriptor).orElseThrow(
          () -> new AssertionError("no module " + name + " among colfile's jars"));
      assertThat(d.isAutomatic()).as(name + " has a module descriptor").isFalse();
      Set<String> api = d.exports().stream().filter(e -> !e.isQualified())
          .map(ModuleDescriptor.Exports::source).collect(toSet());
      Map<String, Set<String>> shared = d.exports().stream().filter(e -> e.isQualified())
          .collect(toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
      assertThat(new TreeSet<>(api)).as(name + " exports").isEqualTo(new TreeSet<>(API.get(name)));
      assertThat(shared).as(name + " exports to some modules")
          .isEqualTo(SHARED.getOrDefault(name, Map.of()));
      Map<String, Set<String>> open = d.opens().stream()
          .collect(toMap(ModuleDescriptor.Opens::source, ModuleDescriptor.Opens::targets));
      assertThat(open).as(name + " opens").isEqualTo(OPEN.getOrDefault(name, Map.of()));

      Set<String> accounted = new HashSet<>(API.get(name));
      accounted.addAll(SHARED.getOrDefault(name, Map.of()).keySet());
      accounted.addAll(INTERNAL.get(name));
      assertThat(new TreeSet<>(d.packages())).as(name + " packages, each decided API or not")
          .isEqualTo(new TreeSet<>(accounted));
    }
  }

  @Test
  void theFormatsRequireTheRelocatedProtobufAndProvideTheirFormat() {
    ModuleFinder finder = modulePath();
    Map<String, String> providers = Map.of(ORC, "io.colfile.orc.OrcFormat",
        TREVNI, "io.colfile.trevni.TrevniFormat", KUDU, "io.colfile.kudu.KuduFormat");
    for (String name : List.of(ORC, TREVNI, KUDU)) {
      ModuleDescriptor d = finder.find(name).orElseThrow().descriptor();
      Set<String> requires = d.requires().stream().map(ModuleDescriptor.Requires::name)
          .collect(toSet());
      assertThat(requires).as(name + " requires").contains(CORE)
          .doesNotContain("com.google.protobuf");
      if (!name.equals(TREVNI)) {
        assertThat(requires).as(name + " requires").contains(PROTOBUF);
      }
      assertThat(d.provides()).as(name + " provides").singleElement().satisfies(p -> {
        assertThat(p.service()).isEqualTo("io.colfile.core.FormatProvider");
        assertThat(p.providers()).containsExactly(providers.get(name));
      });
    }
    assertThat(finder.find(CORE).orElseThrow().descriptor().uses())
        .containsExactly("io.colfile.core.FormatProvider");
  }

  @Test
  void aModuleLayerOfTheJarsReadsEveryFormat(@TempDir Path dir) throws Exception {
    Path orc = SampleFiles.table("orc", dir.resolve("t.orc"));
    Path trevni = SampleFiles.table("trevni", dir.resolve("t.trv"));
    Path cfile = SampleFiles.cfile(dir.resolve("t.cfile"));

    // Only core and text are asked for: service binding brings in the formats, the formats
    // bring in their dependencies.
    Configuration cf = ModuleLayer.boot().configuration()
        .resolveAndBind(modulePath(), ModuleFinder.of(), Set.of(CORE, TEXT));
    Set<String> resolved = new TreeSet<>();
    cf.modules().forEach(m -> resolved.add(m.name()));
    assertThat(resolved).contains(ORC, TREVNI, KUDU, PROTOBUF)
        .doesNotContain("com.google.protobuf");
    ModuleLayer layer = ModuleLayer.boot()
        .defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());

    // The probe sits above the layer, in an unnamed module of its own loader, as an application
    // would; what it calls runs inside the modules.
    URL classes = Jars.testClasses().toUri().toURL();
    try (URLClassLoader app = new URLClassLoader(new URL[] {classes}, layer.findLoader(CORE))) {
      @SuppressWarnings("unchecked")
      Function<Path, String> probe = (Function<Path, String>) app
          .loadClass(ReadProbe.class.getName()).getDeclaredConstructor().newInstance();
      assertThat(probe.getClass().getClassLoader()).isSameAs(app);
      assertThat(app.loadClass(ColFile.class.getName()).getModule().getName()).isEqualTo(CORE);

      String formats = " formats=[Kudu@io.colfile.kudu, ORC@io.colfile.orc, "
          + "Trevni@io.colfile.trevni]";
      String rows = " rows=" + SampleFiles.ROWS + " sum=" + SampleFiles.ID_SUM;
      assertThat(probe.apply(orc)).isEqualTo("ORC" + rows + formats);
      assertThat(probe.apply(trevni)).isEqualTo("Trevni" + rows + formats);
      assertThat(probe.apply(cfile)).isEqualTo("Kudu" + rows + formats);
    }
  }

  @Test
  void theCommandRunsFromTheModulePath(@TempDir Path dir) throws Exception {
    Path orc = SampleFiles.table("orc", dir.resolve("t.orc"));
    String modulePath = jars().stream().map(Path::toString)
        .collect(Collectors.joining(File.pathSeparator));
    Path out = dir.resolve("out.jsonl");
    Process p = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--module-path", modulePath, "-m", CLI + "/" + Main.class.getName(), "cat",
        orc.toString())
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("the command finished").isTrue();
    List<String> lines = Files.readAllLines(out);
    assertThat(p.exitValue()).as(String.join("\n", lines)).isZero();
    assertThat(lines).hasSize(SampleFiles.ROWS);
    assertThat(lines.get(0)).isEqualTo("{\"id\": 0, \"name\": \"row 0\"}");
    assertThat(lines.get(SampleFiles.ROWS - 1)).isEqualTo("{\"id\": 2999, \"name\": \"row 2999\"}");
  }
}
