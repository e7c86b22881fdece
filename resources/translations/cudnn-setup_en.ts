<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>ArchiveService</name>
    <message>
      <source>cuDNN %1 for CUDA %2 (%3)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not identified</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>All %n files of the release are present.</source>
      <translation>
        <numerusform>All %n files of the release are present.</numerusform>
        <numerusform>All %n files of the release are present.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n file(s) missing.</source>
      <translation>
        <numerusform>%n file missing.</numerusform>
        <numerusform>%n files missing.</numerusform>
      </translation>
    </message>
    <message>
      <source>Every entry inflates and matches its CRC-32; libraries are x64.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Damaged or wrong files found.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No entry escapes the target folder; no zip bomb.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The archive tries to write where it must not.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not checked: verification was cancelled.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Verification of %1 stopped with an internal error: %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>NVIDIA's own bytes (official SHA-256, so no CRC pass is needed); libraries are x64.</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>CudnnInstallText</name>
    <message>
      <source>NVIDIA's installer</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>pip wheel</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The CUDA version it was built for is not known.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Built for CUDA %1.x: it serves any CUDA %1.x toolkit.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Built with CUDA %1: it serves any CUDA %2.x toolkit.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>the folder says %1 and you have CUDA %2 (%3): that is fine, the folder names the CUDA NVIDIA built it with, not a version your toolkit must have</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>it serves CUDA %1 in %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No CUDA %1.x toolkit was found on this computer; cuDNN %2 needs one for its cuBLAS and NVRTC.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Here: %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 (cuDNN %2)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Programs find it: its folder is on the search path and this is the cuDNN they load.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>On the search path, but programs load %1 first.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>On the search path, but programs load another copy first.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not on the search path: programs load %1 instead.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not on the search path: programs do not find it ("Could not locate cudnn_ops64_9.dll").</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A pip wheel: it is loaded by the Python environment it belongs to, not through PATH; cudnn-setup leaves it to pip.</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>DownloadService</name>
    <message>
      <source>NVIDIA's download server</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>InstallService</name>
    <message>
      <source>Install</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Repair</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Uninstall</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Recover</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>backup: %1</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%1 finished: %n change(s) made and recorded.</source>
      <translation>
        <numerusform>%1 finished: %n change made and recorded.</numerusform>
        <numerusform>%1 finished: %n changes made and recorded.</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 failed and could NOT be fully rolled back. What is left is listed below; run Recover (or `cudnn-setup recover`) to finish the rollback.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 did not complete. Everything was rolled back: the toolkit and PATH are exactly as before.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Verify the archive first.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cannot plan the install into %1: %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Planning stopped with an internal error: %1</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%n operation(s) planned</source>
      <translation>
        <numerusform>%n operation planned</numerusform>
        <numerusform>%n operations planned</numerusform>
      </translation>
    </message>
    <message>
      <source>Administrator rights are needed: asking for them to run the installer's helper.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>An interrupted change of %1 can only be rolled back with administrator rights: asking for them.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Putting cuDNN on PATH</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>This session leaves PATH alone, and using this cuDNN is nothing but a PATH change.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cannot plan putting %1 on PATH: %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cannot plan copying %1 into %2: %3</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Copying cuDNN into the toolkit</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>MachineService</name>
    <message>
      <source>chosen by you</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>registry</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>NVIDIA driver %1 (supports CUDA up to %2)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>of unknown version</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No NVIDIA driver: only the toolkit's stub library was found (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No NVIDIA driver found. cuDNN can be installed, but it cannot run until the NVIDIA display driver is installed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>unknown version</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Looking at this computer failed: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not checked: choose and verify an archive first.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN %1 is not in the compatibility table; nothing is known about it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The CUDA version of this toolkit is unknown (no version.json, version.txt or cuda_runtime_api.h).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN %1 for CUDA %2.x</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN %1 for CUDA %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 — does not work with CUDA %2 (another major version). Download the cuDNN build for CUDA %3.x.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 — needs CUDA %2 or later; this toolkit is %3.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 — tested up to CUDA %2; %3 is newer in the same major version and usually works.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 — compatible with %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>driver %1 required, none installed</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>driver %1 required, %2 installed — update the driver</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>driver %1 required, %2 installed</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 in %2, %3</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>ProblemText</name>
    <message>
      <source>the archive</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Identity</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Authenticity</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Completeness</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Integrity</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Safety</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Official NVIDIA release: the SHA-256 matches NVIDIA's published value.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Matches the NVIDIA manifest you gave.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Matches the SHA-256 you entered.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>MISMATCH: these are not the bytes NVIDIA published under this name.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>UNKNOWN: this file's SHA-256 is not in the list of official releases. Install it only if you trust where it came from.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>the file</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>QWizard</name>
    <message>
      <source>&lt; &amp;Back</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Next &gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Next</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Finish</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cancel</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Commit</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Help</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>ReportWriter</name>
    <message>
      <source>cudnn-setup report</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tool</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>System</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Driver</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Toolkits</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>None found.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>none</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN copies (the first wins):</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Archive</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Release</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>not identified</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Authenticity</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Toolkit</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>exit code</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Left over</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Validation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Device</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Loaded</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Shape</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Algorithm</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Result</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Max. rel. error</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Time (ms)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>pass</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>FAIL</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>UiKit</name>
    <message numerus="yes">
      <source>about %n second(s) left</source>
      <translation>
        <numerusform>about %n second left</numerusform>
        <numerusform>about %n seconds left</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>about %n minute(s) left</source>
      <translation>
        <numerusform>about %n minute left</numerusform>
        <numerusform>about %n minutes left</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 of %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1/s</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Fix: %1</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>ValidationRun</name>
    <message numerus="yes">
      <source>All %n check(s) passed on the GPU.</source>
      <translation>
        <numerusform>All %n check passed on the GPU.</numerusform>
        <numerusform>All %n checks passed on the GPU.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n check(s) failed.</source>
      <translation>
        <numerusform>%n check failed.</numerusform>
        <numerusform>%n checks failed.</numerusform>
      </translation>
    </message>
    <message>
      <source>cuDNN could not be checked on this machine; see the reasons below.</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>The check did not finish within %n second(s) and was stopped.</source>
      <translation>
        <numerusform>The check did not finish within %n second and was stopped.</numerusform>
        <numerusform>The check did not finish within %n seconds and was stopped.</numerusform>
      </translation>
    </message>
    <message>
      <source>The check process crashed (a broken cuDNN or driver library can do this).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Could not start %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The check ended without a result (exit code %1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The check was cancelled.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>compute capability %1</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%n multiprocessor(s)</source>
      <translation>
        <numerusform>%n multiprocessor</numerusform>
        <numerusform>%n multiprocessors</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 GiB</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>present</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>supports CUDA %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>a stub library, not a real driver</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>no NVIDIA driver found</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>no CUDA device found</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ArchivePage</name>
    <message>
      <source>Choose the cuDNN archive</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Archive:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cudnn-…-windows-x64-….zip</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Chosen archive</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Browse…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Found in Downloads, Desktop and the current folder:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Archives found on this computer</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Verification progress</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Cancel check</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Verification checklist</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>I &amp;trust this file: I know where it came from, although its SHA-256 is not a known NVIDIA release.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No cudnn*.zip found there.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No archive chosen yet.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reading %1…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Checking %1: identity, authenticity, completeness, integrity and safety…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The check of %1 was cancelled. Choose the archive again to check it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1, SHA-256 %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is intact, but it is not a known NVIDIA release.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is a complete, intact %2.</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%1 cannot be installed: %n problem(s) found. Nothing was written.</source>
      <translation>
        <numerusform>%1 cannot be installed: %n problem found. Nothing was written.</numerusform>
        <numerusform>%1 cannot be installed: %n problems found. Nothing was written.</numerusform>
      </translation>
    </message>
    <message>
      <source>Notes</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%n note(s) that do not stop the install.</source>
      <translation>
        <numerusform>%n note that do not stop the install.</numerusform>
        <numerusform>%n notes that do not stop the install.</numerusform>
      </translation>
    </message>
    <message>
      <source>cuDNN archives (*.zip *.tar.xz *.tgz *.tar.gz);;All files (*)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Also install the &amp;extra files this archive has beyond the cuDNN release (listed under Notes).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose the cuDNN zip you downloaded from NVIDIA, drop it here, or let cuDNN Setup download the right one. It is checked completely before anything is installed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>I &amp;have the zip</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing downloaded yet.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>D&amp;ownload from NVIDIA</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::CudnnInstallsPanel</name>
    <message>
      <source>cuDNN outside your CUDA toolkits</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN of unknown version</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>for CUDA %1.x</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>built with CUDA %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Folder: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Fix: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Put it &amp;first on PATH, ahead of %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Use this cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add %1 to the system PATH (reviewed before anything changes; undone from Maintenance).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Put its folder on the system &amp;PATH (serves every CUDA %1.x toolkit; NVIDIA's uninstaller keeps working)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Copy it into toolkit</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The toolkit becomes self-contained, like a zip install; Uninstall in Maintenance takes the files out again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No CUDA %1.x toolkit was found to copy it into: cuDNN built for CUDA %1 works only in a toolkit of that major version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Its CUDA version is unknown, so no toolkit can be chosen to copy it into.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Copy its files into %1 (reviewed before anything changes; undone from Maintenance).</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::DownloadPanel</name>
    <message>
      <source>Fix: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>For the &amp;toolkit:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The CUDA toolkit to download cuDNN for</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Read the licence</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Download</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cancel do&amp;wnload</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Download progress</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Saved to %1, as you (no administrator rights are needed to download).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 (CUDA %2)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CUDA %1 (no toolkit found on this computer)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Asking %1 which cuDNN fits…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>NVIDIA</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Recommended: &lt;b&gt;cuDNN %1 for CUDA %2&lt;/b&gt; — %3, %4</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>I &amp;accept the %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>You accepted the %1 on %2.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Connecting…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Already downloaded: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Downloaded %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Its size and SHA-256 equal the release manifest's. It is checked below like any archive.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Download cancelled. The %1 downloaded so far are kept; Resume continues from there.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Resume</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Try &amp;again</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::FinishPage</name>
    <message>
      <source>Finished</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Report</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Save report…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Save the report</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Markdown (*.md);;JSON (*.json)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Copy to clipboard</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The report is on the clipboard (Markdown), ready to paste into a bug report.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Open &amp;log folder</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Validation: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The log is in %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Report saved to %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Back to the &amp;start</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::FrameworksPanel</name>
    <message>
      <source>Your frameworks</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>GPU frameworks in your Python environments and whether they load a working cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Looking at this computer…</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>No TensorFlow, ONNX Runtime, PaddlePaddle, PyTorch or JAX in the %n Python environment(s) found.</source>
      <translation>
        <numerusform>No TensorFlow, ONNX Runtime, PaddlePaddle, PyTorch or JAX in the %n Python environment found.</numerusform>
        <numerusform>No TensorFlow, ONNX Runtime, PaddlePaddle, PyTorch or JAX in the %n Python environments found.</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 in %2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Fix: %1</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%n framework(s) will not load a working cuDNN as things are:</source>
      <translation>
        <numerusform>%n framework will not load a working cuDNN as things are:</numerusform>
        <numerusform>%n frameworks will not load a working cuDNN as things are:</numerusform>
      </translation>
    </message>
    <message>
      <source>Every GPU framework found loads a cuDNN it was built for:</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::InstallPage</name>
    <message>
      <source>Progress</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Cancel and roll back</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cancelling: undoing every change made so far…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Installation log</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Repairing cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Uninstalling cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Installing cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Toolkit: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Starting…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>These could not be restored:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Fix: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Done.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Stopped.</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%n file(s)</source>
      <translation>
        <numerusform>%n file</numerusform>
        <numerusform>%n files</numerusform>
      </translation>
    </message>
    <message>
      <source>&amp;Log (paths relative to the toolkit, a line per folder):</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Full log…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Every line with full paths, as written to the wizard's log file.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Full log</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Putting cuDNN on PATH</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Folder: %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Copying cuDNN into the toolkit</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::Main</name>
    <message>
      <source>cudnn-setup.exe is the wizard and takes no command. For scripts and silent installs run the console twin next to it:

cudnn-setup-cli.exe %1</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::MaintenancePage</name>
    <message>
      <source>Maintain cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose the toolkit and what to do with its cuDNN.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Toolkit:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Folder</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CUDA</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Repair</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Uninstall</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Put the toolkit and PATH back exactly as they were before cuDNN was installed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Validate</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Run the convolution check on the GPU again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Re&amp;port</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Show the version profile to save or paste into a bug report.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install &amp;another version</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose a new cuDNN archive.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>(installed by cudnn-setup)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Only an installation made by cudnn-setup can be undone exactly.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Restore missing, damaged or empty cuDNN files from the recorded archive, or from an archive you choose (needed for a cuDNN copied by hand).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Archive:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Archive to repair from</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>the recorded archive</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>C&amp;hoose archive…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN archive to repair from</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>This cuDNN was not installed by cudnn-setup: choose the archive to repair it from.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN archive (*.zip *.tar.xz *.tgz)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Toolkits with cuDNN, and NVIDIA cuDNN folders cudnn-setup put on PATH</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>NVIDIA cuDNN %1 (%2) on PATH</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>put on PATH by cudnn-setup</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Takes %1 off the system PATH again; NVIDIA's folder stays as it is.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>U&amp;ndo</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN %1 from NVIDIA's install (%2)</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ReviewPage</name>
    <message>
      <source>Review the changes</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing has been written yet. This is exactly what Install will do; if any step fails, all of it is undone.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Install</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Files that will be added, replaced or removed</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>File</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Change</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>PATH before and after</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Conflicts and warnings</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Working out the plan for %1…</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>Into %1: %n file(s) added</source>
      <translation>
        <numerusform>Into %1: %n file added</numerusform>
        <numerusform>Into %1: %n files added</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n replaced (the old ones are kept as backups)</source>
      <translation>
        <numerusform>%n replaced (the old ones are kept as backups)</numerusform>
        <numerusform>%n replaced (the old ones are kept as backups)</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n removed (backed up)</source>
      <translation>
        <numerusform>%n removed (backed up)</numerusform>
        <numerusform>%n removed (backed up)</numerusform>
      </translation>
    </message>
    <message>
      <source>Administrator rights are needed: Windows will ask when you click Install.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>added</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>replaced, backup kept</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>removed, backup kept</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>folder created</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>PATH stays as it is.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>PATH before</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>PATH after (changes highlighted)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No conflicts found: no other cuDNN copy will win the library search.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Size</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%n file(s)</source>
      <translation>
        <numerusform>%n file</numerusform>
        <numerusform>%n files</numerusform>
      </translation>
    </message>
    <message>
      <source>symbolic link</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Use this cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is on the system PATH already; nothing to change.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add %1 to the system PATH, ahead of every entry, so that programs started from now on load cuDNN %2 from it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add %1 to the system PATH (at the end), so that programs started from now on find cuDNN %2 in it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing in NVIDIA's folder is changed; Maintenance undoes it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Administrator rights are needed: Windows will ask when you click Use this cuDNN.</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>Copy cuDNN %1 from %2 into %3: %n file(s) added</source>
      <translation>
        <numerusform>Copy cuDNN %1 from %2 into %3: %n file added</numerusform>
        <numerusform>Copy cuDNN %1 from %2 into %3: %n files added</numerusform>
      </translation>
    </message>
    <message>
      <source>NVIDIA's folder stays as it is; Uninstall in Maintenance takes the files out of the toolkit again.</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::Session</name>
    <message>
      <source>Could not write %1: %2. Choose another folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Matches the SHA-256 in the release manifest it was downloaded with.</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::SetupWizard</name>
    <message>
      <source>cuDNN Setup %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Windows will ask for administrator rights.</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ToolkitPage</name>
    <message>
      <source>Compatible</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Works, with a warning</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not compatible</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not checked</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose the CUDA toolkit</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN is merged into the toolkit folder (bin, include, lib). Choose the toolkit your programs use.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Toolkits found:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CUDA toolkits</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Folder</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CUDA</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Found via</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN inside</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Compatibility</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Other folder…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose the CUDA toolkit folder</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Problems in the chosen toolkit</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>unknown</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>none</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>(incomplete)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>(installed by cudnn-setup)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Looking for toolkits…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No CUDA toolkit found. Use "Other folder…" to choose it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose a toolkit from the list.</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ValidatePage</name>
    <message>
      <source>Validate cuDNN on the GPU</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Loads cuDNN from the toolkit in a separate process and runs real convolutions, each compared with a CPU reference.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Validation running</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Stop</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Run &amp;again</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Device:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Driver:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Loaded from:</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Convolution checks</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Shape</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Algorithm</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Result</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Max. rel. error</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Time (ms)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Why the check failed and what to do</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Checking cuDNN in %1…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>not reported</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>pass</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>FAIL</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>FAIL: %1</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::WelcomePage</name>
    <message>
      <source>Install NVIDIA cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>This wizard checks a cuDNN archive, merges it into a CUDA toolkit as one transaction, fixes PATH, and proves that cuDNN works on your GPU.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;ol&gt;&lt;li&gt;Choose the cuDNN zip you downloaded; it is verified at once.&lt;/li&gt;&lt;li&gt;Choose the CUDA toolkit to install into.&lt;/li&gt;&lt;li&gt;Review every file and the PATH change before anything is written.&lt;/li&gt;&lt;li&gt;Install. If anything fails, the toolkit and PATH are restored exactly.&lt;/li&gt;&lt;li&gt;Validate: run real convolutions with the installed cuDNN.&lt;/li&gt;&lt;/ol&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>On this computer</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Looking at this computer…</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>What was found on this computer</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Recover now</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Install cuDNN from an archive</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&amp;Maintain an existing installation (repair, uninstall, validate, report)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No CUDA toolkit was found. Install the CUDA toolkit first, or choose its folder on the next pages.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>no cuDNN</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN %1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CUDA %1 in %2 — %3</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>(version unknown)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN used by programs started now: %1</source>
      <translation type="unfinished" />
    </message>
    <message numerus="yes">
      <source>%n problem(s) found; they are explained on the Review page.</source>
      <translation>
        <numerusform>%n problem found; they are explained on the Review page.</numerusform>
        <numerusform>%n problems found; they are explained on the Review page.</numerusform>
      </translation>
    </message>
    <message>
      <source>An installation was interrupted (%1). Until it is rolled back the toolkit may be half changed. Recover it first; nothing else is changed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Rolling back the interrupted installation…</source>
      <translation type="unfinished" />
    </message>
  </context>
</TS>
