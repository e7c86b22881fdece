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
      <source>This build of cudnn-setup does not contain the archive verifier, so %1 cannot be checked. Use a complete build.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>NVIDIA's own bytes (official SHA-256, so no CRC pass is needed); libraries are x64.</source>
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
      <source>This build of cudnn-setup does not contain the install engine, so nothing can be planned for %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed: this build of cudnn-setup does not contain the install engine.</source>
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
      <source>This build of cudnn-setup does not contain toolkit detection; choose the toolkit folder yourself.</source>
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
      <source>Not checked: this build has no compatibility rules.</source>
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
      <source>%1 is not a readable zip archive (empty, truncated or damaged).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Download the archive again from NVIDIA.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The data of %1 inside the archive is damaged (CRC-32 does not match).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Download the archive again; the copy on disk is damaged.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 would be written outside the toolkit folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Do not use this archive; get cuDNN from NVIDIA's site.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Two entries would both be written to %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 declares a size or compression ratio no real cuDNN file has (a zip bomb).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is empty (0 bytes).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Download the archive again, or repair the toolkit from a good archive.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is missing.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Use the complete archive from NVIDIA, or run Repair with it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is not a 64-bit x64 library.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Use the windows-x86_64 (x64) download.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The versions of the files do not agree (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Do not mix files from different cuDNN releases; install one complete release.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The bytes of %1 are not the ones its name, manifest or SHA-256 promises.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Download the archive again from NVIDIA and check the SHA-256 you entered.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is not a cuDNN archive in any known layout.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose the cuDNN zip for Windows downloaded from NVIDIA.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 is encrypted.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>NVIDIA archives are never encrypted; download it again from NVIDIA.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Another cuDNN copy (%1) is found first by programs started now.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Remove that copy or move its folder after the toolkit's bin folder on PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A cuDNN library sits in the system folder: %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Delete it from the system folder; it wins over every toolkit.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN in %1 was built for another CUDA major version than this toolkit.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install the cuDNN build for this toolkit's CUDA version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Another CUDA version's bin folder (%1) comes first on PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Let the installer put this toolkit's bin first, or reorder PATH yourself.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CUDA_PATH names a different toolkit (%1) than the first CUDA bin on PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Set CUDA_PATH to the toolkit you use, in System Properties → Environment Variables.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The NVIDIA driver is too old for this toolkit or cuDNN build (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Update the NVIDIA driver from nvidia.com.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No NVIDIA driver could be loaded.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install the NVIDIA display driver; cuDNN cannot run without it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The driver library found is the toolkit's link stub (%1), not a real driver.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install the NVIDIA display driver, or remove the stubs folder from the library search path.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>This cuDNN needs zlibwapi.dll (64-bit) and none can be loaded.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Put a 64-bit zlibwapi.dll into the toolkit's bin folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Python 3.8 and later ignore PATH when loading DLLs.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>In Python call os.add_dll_directory() with the toolkit's bin folder before importing.</source>
      <translation type="unfinished" />
    </message>
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
    <message>
      <source>The SHA-256 of %1 is not in the list of official releases.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install it only if you trust where it came from, or give its SHA-256 or NVIDIA manifest.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is not part of this cuDNN release.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The folders in %1 differ from the ones NVIDIA used for this version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Prefer the archive exactly as NVIDIA publishes it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A conda or pip copy of cuDNN (%1) is loaded before the toolkit's copy.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Inside that Python environment its own cuDNN is used; remove it there or accept it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN in %1 is not on the library search path.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add the toolkit's bin folder to PATH (the installer does this), or load cuDNN by full path.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN in %1 was not tested with this CUDA minor version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>It usually works; use a cuDNN build that lists this CUDA version to be sure.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The NVIDIA driver is older than this CUDA version needs and runs it in minor-version compatibility (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>It works; update the NVIDIA driver to get every feature.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is CUDA 13 or later, which keeps its DLLs in bin\x64, but cuDNN is not there.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install a cuDNN release that uses bin\x64 (9.18 or later), or reinstall with this tool.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Something is in the way at %1; nothing was changed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Move that file or folder out of the way and try again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is a symbolic link or junction; cudnn-setup does not write through links inside a toolkit.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Replace the link with a real folder, or install into the folder it points to.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 appeared after the plan was made; nothing was overwritten.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Check what created it, then start again so the plan sees it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The disk is full while writing %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Free some space on that drive and try again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No permission to change %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Run cudnn-setup as an administrator (root), or allow it to ask for administrator rights.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is in use by a running program.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Close the program that uses it (Python, Jupyter, an IDE) and try again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reading or writing %1 failed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Check the disk and the file, then try again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cancelled; everything done so far was undone.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing to do; start again when you are ready.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 changed after it was verified.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Do not modify the archive while installing; choose it again so it is verified anew.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is intact, but its origin is unknown.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tick "I trust this file", or give its SHA-256 or NVIDIA manifest.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The new PATH would be longer than 32,767 characters; nothing was changed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Remove entries you no longer need from PATH, or install without changing PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The new PATH is longer than 2,047 characters.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Some older programs cut PATH there; remove entries you no longer need.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>PATH changed between planning and applying; nothing was changed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Start again so the plan uses the current PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>There is no install record for %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Repair needs an archive for a hand-copied cuDNN; uninstall only works for installs made by cudnn-setup.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is not a CUDA toolkit folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Choose the toolkit's root folder (the one that holds bin and lib).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The backup %1 is gone; that file cannot be put back.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reinstall the cuDNN version that file belonged to if you still need it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 could not be put back during the rollback.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Fix the cause (close programs, free space), then run Recover.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The transaction journal %1 cannot be read.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Check the toolkit by hand; then delete the journal so a new install can start.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The install record %1 cannot be read.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Repair with the archive to write a new record.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Administrator rights were refused; nothing was changed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Accept the administrator prompt, or choose a toolkit folder you can write to.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The administrator helper could not run (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Run cudnn-setup as an administrator (root).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The toolkit or the archive changed after you reviewed the plan for %1; nothing was changed.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Go back to Review, check the new plan and confirm it again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 goes on the system search path but standard users can write it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Make it writable by administrators only, or install without changing PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The administrator helper refused the plan: %1 is outside what it may change.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed; report this as a bug.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>No cuDNN library was found in %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install cuDNN into this toolkit, or choose the toolkit that has it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 needs cuBLAS, which could not be loaded.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install cuBLAS for this CUDA version (it comes with the CUDA toolkit).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The cuDNN part %1 could not be loaded.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Make sure every cuDNN file comes from one release and sits in one folder; Repair does this.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The cuDNN library %1 could not be loaded.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reinstall cuDNN (Repair).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is not a working cuDNN 8 or 9 library (functions are missing).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reinstall cuDNN (Repair); the file is damaged or not cuDNN.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The NVIDIA driver failed to start the GPU (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reinstall the NVIDIA driver so its parts have one version, then restart the computer.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The driver sees no usable CUDA GPU.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Check that the GPU is installed and enabled, and check CUDA_VISIBLE_DEVICES.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>This cuDNN does not support this GPU (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install a cuDNN release whose support matrix lists this GPU.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN could not start on the GPU (cudnnCreate failed).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Update the NVIDIA driver, and make sure no program uses the GPU exclusively.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN offers no usable convolution algorithm (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reinstall cuDNN and update the NVIDIA driver.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A convolution check could not run (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>See the message for the failing call; usually GPU memory is short or the driver is broken.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A cuDNN algorithm failed on this GPU (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>This cuDNN is broken on this GPU; install another release or update the driver.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN computed a wrong result (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>This cuDNN does not compute correctly here; install another release or update the driver.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The check crashed inside cuDNN or the driver.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reinstall cuDNN (Repair) and update the NVIDIA driver; the log shows how far it got.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The check did not finish in time and was stopped.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Reinstall cuDNN and update the driver; run `cudnn-setup validate` in a terminal to see where it stops.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The check could not be started or printed no valid result (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Run `cudnn-setup validate` in a terminal to see what it prints.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The driver's CUDA version is older than cuDNN's within the same major version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>It works; updating the NVIDIA driver is recommended.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Another cudnn-setup is changing a toolkit right now (state folder %1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed. Wait until the other install, repair or uninstall has finished, then try again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The state folder %1 cannot be used or its access cannot be made safe.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Run cudnn-setup as an administrator (root), or choose another state folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A cuDNN library imports a DLL that Windows cannot find (%1): loading it fails with error 126.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install what provides that DLL (the matching CUDA toolkit, or the Visual C++ Redistributable) so that it is next to cuDNN or on PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 loads a cuDNN it was built for.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing to do.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 loads the cuDNN it carries itself; installing cuDNN into a CUDA toolkit does not change what it loads.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing to do for it. For another cuDNN, install its build for that CUDA version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The published tables do not say which CUDA and cuDNN %1 needs.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Check the framework's install page for the CUDA and cuDNN it needs.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 has no GPU support on this system.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install a GPU build of it (on native Windows, TensorFlow's last one is 2.10), or use WSL2.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 cannot find the cuDNN library it needs.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install the cuDNN major version it needs, for its CUDA major version, into a matching CUDA toolkit and put its bin folder on PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 would load a cuDNN of another major version than the one it was built for.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install the cuDNN major version it needs and put it first on PATH, or install the version of the framework that matches the cuDNN you have.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 would load a cuDNN older than the one it was built with, which it refuses.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install that cuDNN release or a later one of the same major version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 would load a cuDNN built for another CUDA major version.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Install the cuDNN build for the framework's CUDA major version (the archive named ..._cudaN-archive).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A program started now would load cuDNN libraries from different folders (%1): one process mixes releases.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Remove the stray cuDNN libraries from the earlier folder, or move the toolkit's bin folder ahead of it on PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The system PATH is longer than 2,047 characters; older dialogs and setx cut it when it is edited.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Remove entries that are gone or repeated before PATH is edited again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>A PATH entry is written in quotes (%1); Windows does not find DLLs in it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Remove the quotes around that PATH entry; PATH entries never need them.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>PATH names folders that do not exist (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Remove those entries; an uninstalled toolkit leaves its bin folder behind on PATH.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is only on your user PATH; services and other accounts do not see it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Move it to the system PATH (the installer puts it there).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CUDA_PATH names a folder that does not exist (%1).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Set CUDA_PATH to an installed toolkit, or delete the variable.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The symbolic link %1 points outside the archive's folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 is a hard link; NVIDIA's tarballs have none.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 is a device, FIFO or socket, not a file.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 is setuid, setgid or writable by everyone.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 would be written through, or over, a symbolic link of the same archive.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 has a name no Linux file system accepts (a long-name trick).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The entry %1 is a sparse file; NVIDIA's tarballs have none.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The library %1 carries another name (SONAME) than the one programs load.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The archive was repackaged; download it again from NVIDIA.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The symbolic link %1 leads to no file of the archive.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The archive is incomplete; download it again from NVIDIA.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 belongs to a package of the system's package manager.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Update that cuDNN with the package manager that installed it (apt or dnf), remove the package first, or install into another folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is a copy, not a symbolic link as in NVIDIA's tarballs.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>It works, but the archive was probably repackaged; prefer NVIDIA's download.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>It is left out of the install unless you tick "Also install the extra files" (an official NVIDIA archive's extra files are installed anyway); get the archive from NVIDIA if you did not expect it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 in the administrators' state folder is not cudnn-setup's own (another owner, open to others, or a link), so nothing in the folder is trusted.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed. As an administrator (root), move that entry out of the state folder, then try again.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>With administrator rights cudnn-setup keeps its state only in the machine's state folder, not in %1.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed. Leave out --state-dir and CUDNN_SETUP_STATE_DIR, or choose a folder below the machine's state folder.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The elevated helper refused its command line: it takes only the request it was made for.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing was changed. Start the install, repair or uninstall from cudnn-setup itself (not through pkexec or sudo with other options).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cuDNN is installed in %1, but that folder is not on PATH, so programs do not find it.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add exactly this folder (the one holding the DLLs, not a folder above it) to the system PATH; a folder named after CUDA 12.9 serves any CUDA 12.x toolkit.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The PATH entry %1 holds no cuDNN DLL; the DLLs are in a subfolder, and Windows does not look into subfolders.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Replace that entry in PATH with the subfolder that holds cudnn64_9.dll (for example bin\12.9\x64).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The cuDNN programs load (%1) was built for another CUDA major version than the toolkit in use.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Put the variant folder built for your toolkit's CUDA major version on PATH in its place (any 12.x folder for a CUDA 12 toolkit).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Programs load the older cuDNN %1 instead of the newer one NVIDIA's installer put on this computer.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Move the newer install's folder ahead of the older copy's folder in PATH, or remove the older cuDNN DLLs.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>%1 is cuDNN 9, which loads cuBLASLt and NVRTC of its CUDA version when it runs, and they are not on PATH ("Could not load library cublasLt64_12.dll. Error code 126").</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add the bin folder of a CUDA toolkit of the same major version to the system PATH, or install that CUDA toolkit if there is none.</source>
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
      <source>Choose the cuDNN zip you downloaded from NVIDIA, or drop it here. It is checked completely before anything is installed.</source>
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
      <source>Toolkits with cuDNN</source>
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
  </context>
  <context>
    <name>cudnnsetup::wizard::Session</name>
    <message>
      <source>Could not write %1: %2. Choose another folder.</source>
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
