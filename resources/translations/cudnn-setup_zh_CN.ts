<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>ArchiveService</name>
    <message>
      <source>cuDNN %1 for CUDA %2 (%3)</source>
      <translation>适用于 CUDA %2 的 cuDNN %1（%3）</translation>
    </message>
    <message>
      <source>Not identified</source>
      <translation>无法识别</translation>
    </message>
    <message numerus="yes">
      <source>All %n files of the release are present.</source>
      <translation>
        <numerusform>该版本的全部 %n 个文件齐全。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n file(s) missing.</source>
      <translation>
        <numerusform>缺少 %n 个文件。</numerusform>
      </translation>
    </message>
    <message>
      <source>Every entry inflates and matches its CRC-32; libraries are x64.</source>
      <translation>每个条目都能完整解压且 CRC-32 一致；库文件均为 x64。</translation>
    </message>
    <message>
      <source>Damaged or wrong files found.</source>
      <translation>发现损坏或不正确的文件。</translation>
    </message>
    <message>
      <source>No entry escapes the target folder; no zip bomb.</source>
      <translation>没有条目会写到目标文件夹之外；不是压缩炸弹。</translation>
    </message>
    <message>
      <source>The archive tries to write where it must not.</source>
      <translation>压缩包试图写入不允许的位置。</translation>
    </message>
    <message>
      <source>Not checked: verification was cancelled.</source>
      <translation>未检查：校验已取消。</translation>
    </message>
    <message>
      <source>Verification of %1 stopped with an internal error: %2</source>
      <translation>校验 %1 时发生内部错误而中止：%2</translation>
    </message>
    <message>
      <source>This build of cudnn-setup does not contain the archive verifier, so %1 cannot be checked. Use a complete build.</source>
      <translation>此版本的 cudnn-setup 不含压缩包校验功能，无法检查 %1。请使用完整版本。</translation>
    </message>
    <message>
      <source>NVIDIA's own bytes (official SHA-256, so no CRC pass is needed); libraries are x64.</source>
      <translation>与 NVIDIA 发布的字节完全一致（SHA-256 为官方值，无需逐项 CRC 校验）；库文件均为 x64。</translation>
    </message>
  </context>
  <context>
    <name>InstallService</name>
    <message>
      <source>Install</source>
      <translation>安装</translation>
    </message>
    <message>
      <source>Repair</source>
      <translation>修复</translation>
    </message>
    <message>
      <source>Uninstall</source>
      <translation>卸载</translation>
    </message>
    <message>
      <source>Recover</source>
      <translation>恢复</translation>
    </message>
    <message>
      <source>This build of cudnn-setup does not contain the install engine, so nothing can be planned for %1.</source>
      <translation>此版本的 cudnn-setup 不含安装引擎，无法为 %1 制定安装计划。</translation>
    </message>
    <message>
      <source>Nothing was changed: this build of cudnn-setup does not contain the install engine.</source>
      <translation>未做任何更改：此版本的 cudnn-setup 不含安装引擎。</translation>
    </message>
    <message>
      <source>backup: %1</source>
      <translation>备份：%1</translation>
    </message>
    <message numerus="yes">
      <source>%1 finished: %n change(s) made and recorded.</source>
      <translation>
        <numerusform>%1已完成：共 %n 项更改，均已记录。</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 failed and could NOT be fully rolled back. What is left is listed below; run Recover (or `cudnn-setup recover`) to finish the rollback.</source>
      <translation>%1失败，且未能完全回滚。遗留内容见下方；请运行“恢复”（或 `cudnn-setup recover`）完成回滚。</translation>
    </message>
    <message>
      <source>%1 did not complete. Everything was rolled back: the toolkit and PATH are exactly as before.</source>
      <translation>%1未完成。所有更改均已回滚：工具包和 PATH 与之前完全一致。</translation>
    </message>
    <message>
      <source>Nothing was changed: %1</source>
      <translation>未做任何更改：%1</translation>
    </message>
    <message>
      <source>Verify the archive first.</source>
      <translation>请先校验压缩包。</translation>
    </message>
    <message>
      <source>Cannot plan the install into %1: %2</source>
      <translation>无法制定安装到 %1 的计划：%2</translation>
    </message>
    <message>
      <source>Planning stopped with an internal error: %1</source>
      <translation>制定计划时发生内部错误而中止：%1</translation>
    </message>
    <message numerus="yes">
      <source>%n operation(s) planned</source>
      <translation>
        <numerusform>已计划 %n 项操作</numerusform>
      </translation>
    </message>
    <message>
      <source>Administrator rights are needed: asking for them to run the installer's helper.</source>
      <translation>需要管理员权限：正在请求权限以运行安装辅助程序。</translation>
    </message>
    <message>
      <source>An interrupted change of %1 can only be rolled back with administrator rights: asking for them.</source>
      <translation>%1 有一项被中断的更改，只有具备管理员权限才能回滚：正在请求权限。</translation>
    </message>
  </context>
  <context>
    <name>MachineService</name>
    <message>
      <source>chosen by you</source>
      <translation>由你选择</translation>
    </message>
    <message>
      <source>registry</source>
      <translation>注册表</translation>
    </message>
    <message>
      <source>NVIDIA driver %1 (supports CUDA up to %2)</source>
      <translation>NVIDIA 驱动 %1（最高支持 CUDA %2）</translation>
    </message>
    <message>
      <source>of unknown version</source>
      <translation>（版本未知）</translation>
    </message>
    <message>
      <source>No NVIDIA driver: only the toolkit's stub library was found (%1).</source>
      <translation>没有 NVIDIA 驱动：只找到了工具包自带的桩库（%1）。</translation>
    </message>
    <message>
      <source>No NVIDIA driver found. cuDNN can be installed, but it cannot run until the NVIDIA display driver is installed.</source>
      <translation>未找到 NVIDIA 驱动。cuDNN 可以先安装，但要装好 NVIDIA 显卡驱动后才能运行。</translation>
    </message>
    <message>
      <source>unknown version</source>
      <translation>版本未知</translation>
    </message>
    <message>
      <source>Looking at this computer failed: %1</source>
      <translation>检测本机环境失败：%1</translation>
    </message>
    <message>
      <source>This build of cudnn-setup does not contain toolkit detection; choose the toolkit folder yourself.</source>
      <translation>此版本的 cudnn-setup 不含工具包检测功能，请自行选择工具包文件夹。</translation>
    </message>
    <message>
      <source>Not checked: choose and verify an archive first.</source>
      <translation>未检查：请先选择并校验压缩包。</translation>
    </message>
    <message>
      <source>cuDNN %1 is not in the compatibility table; nothing is known about it.</source>
      <translation>兼容性表中没有 cuDNN %1，无法判断其兼容性。</translation>
    </message>
    <message>
      <source>The CUDA version of this toolkit is unknown (no version.json, version.txt or cuda_runtime_api.h).</source>
      <translation>无法确定此工具包的 CUDA 版本（没有 version.json、version.txt 或 cuda_runtime_api.h）。</translation>
    </message>
    <message>
      <source>cuDNN %1 for CUDA %2.x</source>
      <translation>适用于 CUDA %2.x 的 cuDNN %1</translation>
    </message>
    <message>
      <source>cuDNN %1 for CUDA %2</source>
      <translation>适用于 CUDA %2 的 cuDNN %1</translation>
    </message>
    <message>
      <source>%1 — does not work with CUDA %2 (another major version). Download the cuDNN build for CUDA %3.x.</source>
      <translation>%1 —— 不能用于 CUDA %2（主版本不同）。请下载适用于 CUDA %3.x 的 cuDNN。</translation>
    </message>
    <message>
      <source>%1 — needs CUDA %2 or later; this toolkit is %3.</source>
      <translation>%1 —— 需要 CUDA %2 或更高版本；此工具包是 %3。</translation>
    </message>
    <message>
      <source>%1 — tested up to CUDA %2; %3 is newer in the same major version and usually works.</source>
      <translation>%1 —— 官方测试到 CUDA %2；%3 属于同一主版本中的较新版本，通常可以使用。</translation>
    </message>
    <message>
      <source>%1 — compatible with %2</source>
      <translation>%1 —— 与 %2 兼容</translation>
    </message>
    <message>
      <source>driver %1 required, none installed</source>
      <translation>需要驱动 %1，但未安装驱动</translation>
    </message>
    <message>
      <source>driver %1 required, %2 installed — update the driver</source>
      <translation>需要驱动 %1，已安装 %2 —— 请更新驱动</translation>
    </message>
    <message>
      <source>driver %1 required, %2 installed</source>
      <translation>需要驱动 %1，已安装 %2</translation>
    </message>
    <message>
      <source>Not checked: this build has no compatibility rules.</source>
      <translation>未检查：此版本不含兼容性规则。</translation>
    </message>
    <message>
      <source>%1 in %2, %3</source>
      <translation>%2 中的%1（%3）</translation>
    </message>
  </context>
  <context>
    <name>ProblemText</name>
    <message>
      <source>%1 is not a readable zip archive (empty, truncated or damaged).</source>
      <translation>%1 不是可读取的 zip 压缩包（为空、不完整或已损坏）。</translation>
    </message>
    <message>
      <source>Download the archive again from NVIDIA.</source>
      <translation>请从 NVIDIA 官网重新下载该压缩包。</translation>
    </message>
    <message>
      <source>The data of %1 inside the archive is damaged (CRC-32 does not match).</source>
      <translation>压缩包内 %1 的数据已损坏（CRC-32 不一致）。</translation>
    </message>
    <message>
      <source>Download the archive again; the copy on disk is damaged.</source>
      <translation>请重新下载；磁盘上的这份文件已损坏。</translation>
    </message>
    <message>
      <source>The entry %1 would be written outside the toolkit folder.</source>
      <translation>条目 %1 会被写到工具包文件夹之外。</translation>
    </message>
    <message>
      <source>Do not use this archive; get cuDNN from NVIDIA's site.</source>
      <translation>不要使用这个压缩包，请从 NVIDIA 官网获取 cuDNN。</translation>
    </message>
    <message>
      <source>Two entries would both be written to %1.</source>
      <translation>有两个条目会写到同一个位置：%1。</translation>
    </message>
    <message>
      <source>%1 declares a size or compression ratio no real cuDNN file has (a zip bomb).</source>
      <translation>%1 声明的大小或压缩比是真实 cuDNN 文件不可能有的（压缩炸弹）。</translation>
    </message>
    <message>
      <source>%1 is empty (0 bytes).</source>
      <translation>%1 是空文件（0 字节）。</translation>
    </message>
    <message>
      <source>Download the archive again, or repair the toolkit from a good archive.</source>
      <translation>请重新下载压缩包，或用完好的压缩包修复工具包。</translation>
    </message>
    <message>
      <source>%1 is missing.</source>
      <translation>缺少 %1。</translation>
    </message>
    <message>
      <source>Use the complete archive from NVIDIA, or run Repair with it.</source>
      <translation>请使用 NVIDIA 提供的完整压缩包，或用它执行“修复”。</translation>
    </message>
    <message>
      <source>%1 is not a 64-bit x64 library.</source>
      <translation>%1 不是 64 位 x64 库。</translation>
    </message>
    <message>
      <source>Use the windows-x86_64 (x64) download.</source>
      <translation>请下载 windows-x86_64（x64）版本。</translation>
    </message>
    <message>
      <source>The versions of the files do not agree (%1).</source>
      <translation>文件的版本不一致（%1）。</translation>
    </message>
    <message>
      <source>Do not mix files from different cuDNN releases; install one complete release.</source>
      <translation>不要混用不同 cuDNN 版本的文件，请完整安装同一个版本。</translation>
    </message>
    <message>
      <source>The bytes of %1 are not the ones its name, manifest or SHA-256 promises.</source>
      <translation>%1 的内容与其文件名、清单或 SHA-256 所对应的不符。</translation>
    </message>
    <message>
      <source>Download the archive again from NVIDIA and check the SHA-256 you entered.</source>
      <translation>请从 NVIDIA 官网重新下载，并核对你输入的 SHA-256。</translation>
    </message>
    <message>
      <source>%1 is not a cuDNN archive in any known layout.</source>
      <translation>%1 不是任何已知结构的 cuDNN 压缩包。</translation>
    </message>
    <message>
      <source>Choose the cuDNN zip for Windows downloaded from NVIDIA.</source>
      <translation>请选择从 NVIDIA 官网下载的 Windows 版 cuDNN zip。</translation>
    </message>
    <message>
      <source>The entry %1 is encrypted.</source>
      <translation>条目 %1 已加密。</translation>
    </message>
    <message>
      <source>NVIDIA archives are never encrypted; download it again from NVIDIA.</source>
      <translation>NVIDIA 的压缩包从不加密，请从 NVIDIA 官网重新下载。</translation>
    </message>
    <message>
      <source>Another cuDNN copy (%1) is found first by programs started now.</source>
      <translation>现在启动的程序会先找到另一份 cuDNN（%1）。</translation>
    </message>
    <message>
      <source>Remove that copy or move its folder after the toolkit's bin folder on PATH.</source>
      <translation>请删除那一份，或在 PATH 中把它所在的文件夹移到工具包的 bin 文件夹之后。</translation>
    </message>
    <message>
      <source>A cuDNN library sits in the system folder: %1.</source>
      <translation>系统文件夹里有一份 cuDNN 库：%1。</translation>
    </message>
    <message>
      <source>Delete it from the system folder; it wins over every toolkit.</source>
      <translation>请把它从系统文件夹中删除；它的优先级高于所有工具包。</translation>
    </message>
    <message>
      <source>cuDNN in %1 was built for another CUDA major version than this toolkit.</source>
      <translation>%1 中的 cuDNN 是为另一个 CUDA 主版本构建的，与此工具包不符。</translation>
    </message>
    <message>
      <source>Install the cuDNN build for this toolkit's CUDA version.</source>
      <translation>请安装与此工具包 CUDA 版本对应的 cuDNN。</translation>
    </message>
    <message>
      <source>Another CUDA version's bin folder (%1) comes first on PATH.</source>
      <translation>PATH 中排在最前面的是另一个 CUDA 版本的 bin 文件夹（%1）。</translation>
    </message>
    <message>
      <source>Let the installer put this toolkit's bin first, or reorder PATH yourself.</source>
      <translation>让安装程序把此工具包的 bin 放到最前面，或自行调整 PATH 顺序。</translation>
    </message>
    <message>
      <source>CUDA_PATH names a different toolkit (%1) than the first CUDA bin on PATH.</source>
      <translation>CUDA_PATH 指向的工具包（%1）与 PATH 中第一个 CUDA bin 不是同一个。</translation>
    </message>
    <message>
      <source>Set CUDA_PATH to the toolkit you use, in System Properties → Environment Variables.</source>
      <translation>请在“系统属性 → 环境变量”中把 CUDA_PATH 设为你实际使用的工具包。</translation>
    </message>
    <message>
      <source>The NVIDIA driver is too old for this toolkit or cuDNN build (%1).</source>
      <translation>NVIDIA 驱动版本过旧，不支持此工具包或此 cuDNN（%1）。</translation>
    </message>
    <message>
      <source>Update the NVIDIA driver from nvidia.com.</source>
      <translation>请从 nvidia.com 更新 NVIDIA 驱动。</translation>
    </message>
    <message>
      <source>No NVIDIA driver could be loaded.</source>
      <translation>无法加载 NVIDIA 驱动。</translation>
    </message>
    <message>
      <source>Install the NVIDIA display driver; cuDNN cannot run without it.</source>
      <translation>请安装 NVIDIA 显卡驱动；没有它 cuDNN 无法运行。</translation>
    </message>
    <message>
      <source>The driver library found is the toolkit's link stub (%1), not a real driver.</source>
      <translation>找到的驱动库是工具包用于链接的桩库（%1），不是真正的驱动。</translation>
    </message>
    <message>
      <source>Install the NVIDIA display driver, or remove the stubs folder from the library search path.</source>
      <translation>请安装 NVIDIA 显卡驱动，或把 stubs 文件夹从库搜索路径中移除。</translation>
    </message>
    <message>
      <source>This cuDNN needs zlibwapi.dll (64-bit) and none can be loaded.</source>
      <translation>此版本 cuDNN 需要 64 位的 zlibwapi.dll，但无法加载到。</translation>
    </message>
    <message>
      <source>Put a 64-bit zlibwapi.dll into the toolkit's bin folder.</source>
      <translation>请把 64 位的 zlibwapi.dll 放到工具包的 bin 文件夹中。</translation>
    </message>
    <message>
      <source>Python 3.8 and later ignore PATH when loading DLLs.</source>
      <translation>Python 3.8 及以上版本加载 DLL 时不会搜索 PATH。</translation>
    </message>
    <message>
      <source>In Python call os.add_dll_directory() with the toolkit's bin folder before importing.</source>
      <translation>请在 Python 中先用工具包的 bin 文件夹调用 os.add_dll_directory()，再导入相关库。</translation>
    </message>
    <message>
      <source>the archive</source>
      <translation>压缩包</translation>
    </message>
    <message>
      <source>Identity</source>
      <translation>身份</translation>
    </message>
    <message>
      <source>Authenticity</source>
      <translation>来源可信度</translation>
    </message>
    <message>
      <source>Completeness</source>
      <translation>完整性（文件齐全）</translation>
    </message>
    <message>
      <source>Integrity</source>
      <translation>数据完好</translation>
    </message>
    <message>
      <source>Safety</source>
      <translation>安全性</translation>
    </message>
    <message>
      <source>Official NVIDIA release: the SHA-256 matches NVIDIA's published value.</source>
      <translation>NVIDIA 官方发布版：SHA-256 与 NVIDIA 公布的值一致。</translation>
    </message>
    <message>
      <source>Matches the NVIDIA manifest you gave.</source>
      <translation>与你提供的 NVIDIA 清单一致。</translation>
    </message>
    <message>
      <source>Matches the SHA-256 you entered.</source>
      <translation>与你输入的 SHA-256 一致。</translation>
    </message>
    <message>
      <source>MISMATCH: these are not the bytes NVIDIA published under this name.</source>
      <translation>不一致：这不是 NVIDIA 以此文件名发布的内容。</translation>
    </message>
    <message>
      <source>UNKNOWN: this file's SHA-256 is not in the list of official releases. Install it only if you trust where it came from.</source>
      <translation>未知：此文件的 SHA-256 不在官方发布列表中。只有在你信任它的来源时才安装。</translation>
    </message>
    <message>
      <source>the file</source>
      <translation>该文件</translation>
    </message>
    <message>
      <source>The SHA-256 of %1 is not in the list of official releases.</source>
      <translation>%1 的 SHA-256 不在官方发布列表中。</translation>
    </message>
    <message>
      <source>Install it only if you trust where it came from, or give its SHA-256 or NVIDIA manifest.</source>
      <translation>只有在你信任其来源时才安装它，或提供它的 SHA-256 或 NVIDIA 清单。</translation>
    </message>
    <message>
      <source>%1 is not part of this cuDNN release.</source>
      <translation>%1 不属于这个 cuDNN 版本。</translation>
    </message>
    <message>
      <source>The folders in %1 differ from the ones NVIDIA used for this version.</source>
      <translation>%1 中的文件夹结构与 NVIDIA 对该版本使用的不同。</translation>
    </message>
    <message>
      <source>Prefer the archive exactly as NVIDIA publishes it.</source>
      <translation>建议使用 NVIDIA 原样发布的压缩包。</translation>
    </message>
    <message>
      <source>A conda or pip copy of cuDNN (%1) is loaded before the toolkit's copy.</source>
      <translation>conda 或 pip 安装的 cuDNN（%1）会先于工具包中的那份被加载。</translation>
    </message>
    <message>
      <source>Inside that Python environment its own cuDNN is used; remove it there or accept it.</source>
      <translation>在该 Python 环境中会使用它自带的 cuDNN；要么在那里删除它，要么接受这一点。</translation>
    </message>
    <message>
      <source>cuDNN in %1 is not on the library search path.</source>
      <translation>%1 中的 cuDNN 不在库搜索路径上。</translation>
    </message>
    <message>
      <source>Add the toolkit's bin folder to PATH (the installer does this), or load cuDNN by full path.</source>
      <translation>把工具包的 bin 文件夹加入 PATH（安装程序会这样做），或按完整路径加载 cuDNN。</translation>
    </message>
    <message>
      <source>cuDNN in %1 was not tested with this CUDA minor version.</source>
      <translation>%1 中的 cuDNN 未针对此 CUDA 次版本测试过。</translation>
    </message>
    <message>
      <source>It usually works; use a cuDNN build that lists this CUDA version to be sure.</source>
      <translation>通常可以使用；如需稳妥，请使用支持列表中包含此 CUDA 版本的 cuDNN。</translation>
    </message>
    <message>
      <source>The NVIDIA driver is older than this CUDA version needs and runs it in minor-version compatibility (%1).</source>
      <translation>NVIDIA 驱动比此 CUDA 版本要求的旧，正以次版本兼容模式运行（%1）。</translation>
    </message>
    <message>
      <source>It works; update the NVIDIA driver to get every feature.</source>
      <translation>可以使用；更新 NVIDIA 驱动后可获得全部功能。</translation>
    </message>
    <message>
      <source>%1 is CUDA 13 or later, which keeps its DLLs in bin\x64, but cuDNN is not there.</source>
      <translation>%1 是 CUDA 13 或更高版本，其 DLL 位于 bin\x64，但那里没有 cuDNN。</translation>
    </message>
    <message>
      <source>Install a cuDNN release that uses bin\x64 (9.18 or later), or reinstall with this tool.</source>
      <translation>请安装使用 bin\x64 的 cuDNN 版本（9.18 及以上），或用本工具重新安装。</translation>
    </message>
    <message>
      <source>Something is in the way at %1; nothing was changed.</source>
      <translation>%1 处有东西挡住了安装；未做任何更改。</translation>
    </message>
    <message>
      <source>Move that file or folder out of the way and try again.</source>
      <translation>请把那个文件或文件夹移开后重试。</translation>
    </message>
    <message>
      <source>%1 is a symbolic link or junction; cudnn-setup does not write through links inside a toolkit.</source>
      <translation>%1 是符号链接或目录联接；cudnn-setup 不会通过工具包内的链接写入文件。</translation>
    </message>
    <message>
      <source>Replace the link with a real folder, or install into the folder it points to.</source>
      <translation>请把该链接换成真实的文件夹，或直接安装到它指向的文件夹。</translation>
    </message>
    <message>
      <source>%1 appeared after the plan was made; nothing was overwritten.</source>
      <translation>%1 是在制定计划之后才出现的；没有覆盖任何文件。</translation>
    </message>
    <message>
      <source>Check what created it, then start again so the plan sees it.</source>
      <translation>请确认是什么程序创建了它，然后重新开始，让计划把它考虑在内。</translation>
    </message>
    <message>
      <source>The disk is full while writing %1.</source>
      <translation>写入 %1 时磁盘已满。</translation>
    </message>
    <message>
      <source>Free some space on that drive and try again.</source>
      <translation>请在该磁盘上腾出空间后重试。</translation>
    </message>
    <message>
      <source>No permission to change %1.</source>
      <translation>没有权限修改 %1。</translation>
    </message>
    <message>
      <source>Run cudnn-setup as an administrator (root), or allow it to ask for administrator rights.</source>
      <translation>请以管理员（root）身份运行 cudnn-setup，或允许它请求管理员权限。</translation>
    </message>
    <message>
      <source>%1 is in use by a running program.</source>
      <translation>%1 正被某个运行中的程序占用。</translation>
    </message>
    <message>
      <source>Close the program that uses it (Python, Jupyter, an IDE) and try again.</source>
      <translation>请关闭正在使用它的程序（Python、Jupyter、IDE 等）后重试。</translation>
    </message>
    <message>
      <source>Reading or writing %1 failed.</source>
      <translation>读取或写入 %1 失败。</translation>
    </message>
    <message>
      <source>Check the disk and the file, then try again.</source>
      <translation>请检查磁盘和该文件后重试。</translation>
    </message>
    <message>
      <source>Cancelled; everything done so far was undone.</source>
      <translation>已取消；之前完成的所有更改均已撤销。</translation>
    </message>
    <message>
      <source>Nothing to do; start again when you are ready.</source>
      <translation>无需处理；准备好后可重新开始。</translation>
    </message>
    <message>
      <source>%1 changed after it was verified.</source>
      <translation>%1 在校验之后被改动了。</translation>
    </message>
    <message>
      <source>Do not modify the archive while installing; choose it again so it is verified anew.</source>
      <translation>安装期间请不要修改压缩包；请重新选择它以便再次校验。</translation>
    </message>
    <message>
      <source>%1 is intact, but its origin is unknown.</source>
      <translation>%1 本身完好，但来源未知。</translation>
    </message>
    <message>
      <source>Tick "I trust this file", or give its SHA-256 or NVIDIA manifest.</source>
      <translation>请勾选“我信任此文件”，或提供它的 SHA-256 或 NVIDIA 清单。</translation>
    </message>
    <message>
      <source>The new PATH would be longer than 32,767 characters; nothing was changed.</source>
      <translation>新的 PATH 会超过 32,767 个字符；未做任何更改。</translation>
    </message>
    <message>
      <source>Remove entries you no longer need from PATH, or install without changing PATH.</source>
      <translation>请从 PATH 中删除不再需要的条目，或选择不修改 PATH 进行安装。</translation>
    </message>
    <message>
      <source>The new PATH is longer than 2,047 characters.</source>
      <translation>新的 PATH 超过 2,047 个字符。</translation>
    </message>
    <message>
      <source>Some older programs cut PATH there; remove entries you no longer need.</source>
      <translation>部分旧程序会在此处截断 PATH；请删除不再需要的条目。</translation>
    </message>
    <message>
      <source>PATH changed between planning and applying; nothing was changed.</source>
      <translation>PATH 在制定计划与执行之间被修改了；未做任何更改。</translation>
    </message>
    <message>
      <source>Start again so the plan uses the current PATH.</source>
      <translation>请重新开始，让计划使用当前的 PATH。</translation>
    </message>
    <message>
      <source>There is no install record for %1.</source>
      <translation>%1 没有安装记录。</translation>
    </message>
    <message>
      <source>Repair needs an archive for a hand-copied cuDNN; uninstall only works for installs made by cudnn-setup.</source>
      <translation>手动复制的 cuDNN 需要提供压缩包才能修复；卸载只适用于由 cudnn-setup 完成的安装。</translation>
    </message>
    <message>
      <source>%1 is not a CUDA toolkit folder.</source>
      <translation>%1 不是 CUDA 工具包文件夹。</translation>
    </message>
    <message>
      <source>Choose the toolkit's root folder (the one that holds bin and lib).</source>
      <translation>请选择工具包的根文件夹（包含 bin 和 lib 的那个）。</translation>
    </message>
    <message>
      <source>The backup %1 is gone; that file cannot be put back.</source>
      <translation>备份 %1 已不存在；该文件无法恢复。</translation>
    </message>
    <message>
      <source>Reinstall the cuDNN version that file belonged to if you still need it.</source>
      <translation>如果仍需要该文件，请重新安装它所属的 cuDNN 版本。</translation>
    </message>
    <message>
      <source>%1 could not be put back during the rollback.</source>
      <translation>回滚时 %1 未能恢复。</translation>
    </message>
    <message>
      <source>Fix the cause (close programs, free space), then run Recover.</source>
      <translation>请先解决原因（关闭相关程序、腾出空间），然后运行“恢复”。</translation>
    </message>
    <message>
      <source>The transaction journal %1 cannot be read.</source>
      <translation>无法读取事务日志 %1。</translation>
    </message>
    <message>
      <source>Check the toolkit by hand; then delete the journal so a new install can start.</source>
      <translation>请手动检查工具包，然后删除该日志，以便开始新的安装。</translation>
    </message>
    <message>
      <source>The install record %1 cannot be read.</source>
      <translation>无法读取安装记录 %1。</translation>
    </message>
    <message>
      <source>Repair with the archive to write a new record.</source>
      <translation>请用压缩包执行“修复”以重新写入记录。</translation>
    </message>
    <message>
      <source>Administrator rights were refused; nothing was changed.</source>
      <translation>管理员权限请求被拒绝；未做任何更改。</translation>
    </message>
    <message>
      <source>Accept the administrator prompt, or choose a toolkit folder you can write to.</source>
      <translation>请在提示时允许管理员权限，或选择一个你有写入权限的工具包文件夹。</translation>
    </message>
    <message>
      <source>The administrator helper could not run (%1).</source>
      <translation>无法运行管理员辅助程序（%1）。</translation>
    </message>
    <message>
      <source>Run cudnn-setup as an administrator (root).</source>
      <translation>请以管理员（root）身份运行 cudnn-setup。</translation>
    </message>
    <message>
      <source>The toolkit or the archive changed after you reviewed the plan for %1; nothing was changed.</source>
      <translation>在你审阅 %1 的计划之后，工具包或压缩包发生了变化；未做任何更改。</translation>
    </message>
    <message>
      <source>Go back to Review, check the new plan and confirm it again.</source>
      <translation>请返回“审阅”页，检查新的计划后再次确认。</translation>
    </message>
    <message>
      <source>%1 goes on the system search path but standard users can write it.</source>
      <translation>%1 将被加入系统搜索路径，但普通用户可以写入该文件夹。</translation>
    </message>
    <message>
      <source>Make it writable by administrators only, or install without changing PATH.</source>
      <translation>请将其设为仅管理员可写，或在安装时不修改 PATH。</translation>
    </message>
    <message>
      <source>The administrator helper refused the plan: %1 is outside what it may change.</source>
      <translation>管理员辅助程序拒绝了该计划：%1 超出了允许修改的范围。</translation>
    </message>
    <message>
      <source>Nothing was changed; report this as a bug.</source>
      <translation>未做任何更改；请将此问题报告为缺陷。</translation>
    </message>
    <message>
      <source>No cuDNN library was found in %1.</source>
      <translation>在 %1 中找不到 cuDNN 库。</translation>
    </message>
    <message>
      <source>Install cuDNN into this toolkit, or choose the toolkit that has it.</source>
      <translation>请把 cuDNN 安装到此工具包，或选择已装有 cuDNN 的工具包。</translation>
    </message>
    <message>
      <source>%1 needs cuBLAS, which could not be loaded.</source>
      <translation>%1 依赖 cuBLAS，但无法加载。</translation>
    </message>
    <message>
      <source>Install cuBLAS for this CUDA version (it comes with the CUDA toolkit).</source>
      <translation>请安装对应此 CUDA 版本的 cuBLAS（随 CUDA 工具包提供）。</translation>
    </message>
    <message>
      <source>The cuDNN part %1 could not be loaded.</source>
      <translation>无法加载 cuDNN 组件 %1。</translation>
    </message>
    <message>
      <source>Make sure every cuDNN file comes from one release and sits in one folder; Repair does this.</source>
      <translation>请确保所有 cuDNN 文件来自同一版本并位于同一文件夹；“修复”可以做到这一点。</translation>
    </message>
    <message>
      <source>The cuDNN library %1 could not be loaded.</source>
      <translation>无法加载 cuDNN 库 %1。</translation>
    </message>
    <message>
      <source>Reinstall cuDNN (Repair).</source>
      <translation>请重新安装 cuDNN（修复）。</translation>
    </message>
    <message>
      <source>%1 is not a working cuDNN 8 or 9 library (functions are missing).</source>
      <translation>%1 不是可用的 cuDNN 8 或 9 库（缺少函数）。</translation>
    </message>
    <message>
      <source>Reinstall cuDNN (Repair); the file is damaged or not cuDNN.</source>
      <translation>请重新安装 cuDNN（修复）；该文件已损坏或并非 cuDNN。</translation>
    </message>
    <message>
      <source>The NVIDIA driver failed to start the GPU (%1).</source>
      <translation>NVIDIA 驱动无法启动 GPU（%1）。</translation>
    </message>
    <message>
      <source>Reinstall the NVIDIA driver so its parts have one version, then restart the computer.</source>
      <translation>请重新安装 NVIDIA 驱动，使其各部分版本一致，然后重启电脑。</translation>
    </message>
    <message>
      <source>The driver sees no usable CUDA GPU.</source>
      <translation>驱动没有发现可用的 CUDA GPU。</translation>
    </message>
    <message>
      <source>Check that the GPU is installed and enabled, and check CUDA_VISIBLE_DEVICES.</source>
      <translation>请确认 GPU 已安装并启用，并检查 CUDA_VISIBLE_DEVICES。</translation>
    </message>
    <message>
      <source>This cuDNN does not support this GPU (%1).</source>
      <translation>此版本 cuDNN 不支持这块 GPU（%1）。</translation>
    </message>
    <message>
      <source>Install a cuDNN release whose support matrix lists this GPU.</source>
      <translation>请安装支持列表中包含这块 GPU 的 cuDNN 版本。</translation>
    </message>
    <message>
      <source>cuDNN could not start on the GPU (cudnnCreate failed).</source>
      <translation>cuDNN 无法在 GPU 上启动（cudnnCreate 失败）。</translation>
    </message>
    <message>
      <source>Update the NVIDIA driver, and make sure no program uses the GPU exclusively.</source>
      <translation>请更新 NVIDIA 驱动，并确认没有程序独占使用 GPU。</translation>
    </message>
    <message>
      <source>cuDNN offers no usable convolution algorithm (%1).</source>
      <translation>cuDNN 没有可用的卷积算法（%1）。</translation>
    </message>
    <message>
      <source>Reinstall cuDNN and update the NVIDIA driver.</source>
      <translation>请重新安装 cuDNN 并更新 NVIDIA 驱动。</translation>
    </message>
    <message>
      <source>A convolution check could not run (%1).</source>
      <translation>有一项卷积检查无法运行（%1）。</translation>
    </message>
    <message>
      <source>See the message for the failing call; usually GPU memory is short or the driver is broken.</source>
      <translation>请查看消息中失败的调用；通常是 GPU 显存不足或驱动有问题。</translation>
    </message>
    <message>
      <source>A cuDNN algorithm failed on this GPU (%1).</source>
      <translation>某个 cuDNN 算法在这块 GPU 上运行失败（%1）。</translation>
    </message>
    <message>
      <source>This cuDNN is broken on this GPU; install another release or update the driver.</source>
      <translation>此 cuDNN 在这块 GPU 上有问题；请换用其他版本或更新驱动。</translation>
    </message>
    <message>
      <source>cuDNN computed a wrong result (%1).</source>
      <translation>cuDNN 的计算结果不正确（%1）。</translation>
    </message>
    <message>
      <source>This cuDNN does not compute correctly here; install another release or update the driver.</source>
      <translation>此 cuDNN 在本机计算不正确；请换用其他版本或更新驱动。</translation>
    </message>
    <message>
      <source>The check crashed inside cuDNN or the driver.</source>
      <translation>检查在 cuDNN 或驱动内部崩溃了。</translation>
    </message>
    <message>
      <source>Reinstall cuDNN (Repair) and update the NVIDIA driver; the log shows how far it got.</source>
      <translation>请重新安装 cuDNN（修复）并更新 NVIDIA 驱动；日志中记录了进行到哪一步。</translation>
    </message>
    <message>
      <source>The check did not finish in time and was stopped.</source>
      <translation>检查未能按时完成，已被终止。</translation>
    </message>
    <message>
      <source>Reinstall cuDNN and update the driver; run `cudnn-setup validate` in a terminal to see where it stops.</source>
      <translation>请重新安装 cuDNN 并更新驱动；在终端中运行 `cudnn-setup validate` 查看卡在哪里。</translation>
    </message>
    <message>
      <source>The check could not be started or printed no valid result (%1).</source>
      <translation>检查无法启动，或没有输出有效结果（%1）。</translation>
    </message>
    <message>
      <source>Run `cudnn-setup validate` in a terminal to see what it prints.</source>
      <translation>请在终端中运行 `cudnn-setup validate` 查看其输出。</translation>
    </message>
    <message>
      <source>The driver's CUDA version is older than cuDNN's within the same major version.</source>
      <translation>驱动支持的 CUDA 版本比 cuDNN 构建所用的略旧（同一主版本内）。</translation>
    </message>
    <message>
      <source>It works; updating the NVIDIA driver is recommended.</source>
      <translation>可以正常使用；建议更新 NVIDIA 驱动。</translation>
    </message>
    <message>
      <source>Another cudnn-setup is changing a toolkit right now (state folder %1).</source>
      <translation>另一个 cudnn-setup 正在修改工具包（状态文件夹 %1）。</translation>
    </message>
    <message>
      <source>Nothing was changed. Wait until the other install, repair or uninstall has finished, then try again.</source>
      <translation>未做任何更改。请等待另一个安装、修复或卸载完成后再试。</translation>
    </message>
    <message>
      <source>The state folder %1 cannot be used or its access cannot be made safe.</source>
      <translation>无法使用状态文件夹 %1，或无法将其访问权限设为安全。</translation>
    </message>
    <message>
      <source>Run cudnn-setup as an administrator (root), or choose another state folder.</source>
      <translation>请以管理员（root）身份运行 cudnn-setup，或选择其他状态文件夹。</translation>
    </message>
    <message>
      <source>A cuDNN library imports a DLL that Windows cannot find (%1): loading it fails with error 126.</source>
      <translation>某个 cuDNN 库导入了 Windows 找不到的 DLL（%1）：加载时会出现错误 126。</translation>
    </message>
    <message>
      <source>Install what provides that DLL (the matching CUDA toolkit, or the Visual C++ Redistributable) so that it is next to cuDNN or on PATH.</source>
      <translation>请安装提供该 DLL 的软件（匹配版本的 CUDA 工具包，或 Visual C++ 运行库），使其位于 cuDNN 旁边或 PATH 中的文件夹里。</translation>
    </message>
    <message>
      <source>%1 loads a cuDNN it was built for.</source>
      <translation>%1 会加载与其构建版本匹配的 cuDNN。</translation>
    </message>
    <message>
      <source>Nothing to do.</source>
      <translation>无需操作。</translation>
    </message>
    <message>
      <source>%1 loads the cuDNN it carries itself; installing cuDNN into a CUDA toolkit does not change what it loads.</source>
      <translation>%1 加载其自带的 cuDNN；把 cuDNN 安装到 CUDA 工具包不会改变它加载的版本。</translation>
    </message>
    <message>
      <source>Nothing to do for it. For another cuDNN, install its build for that CUDA version.</source>
      <translation>无需为它操作。如需其他 cuDNN，请安装对应 CUDA 版本的该框架构建。</translation>
    </message>
    <message>
      <source>The published tables do not say which CUDA and cuDNN %1 needs.</source>
      <translation>已发布的版本对照表中没有 %1 所需的 CUDA 和 cuDNN 版本。</translation>
    </message>
    <message>
      <source>Check the framework's install page for the CUDA and cuDNN it needs.</source>
      <translation>请查看该框架的安装说明，确认它需要的 CUDA 和 cuDNN。</translation>
    </message>
    <message>
      <source>%1 has no GPU support on this system.</source>
      <translation>%1 在此系统上不支持 GPU。</translation>
    </message>
    <message>
      <source>Install a GPU build of it (on native Windows, TensorFlow's last one is 2.10), or use WSL2.</source>
      <translation>请安装它的 GPU 版本（原生 Windows 上 TensorFlow 最后一个 GPU 版本是 2.10），或使用 WSL2。</translation>
    </message>
    <message>
      <source>%1 cannot find the cuDNN library it needs.</source>
      <translation>%1 找不到它需要的 cuDNN 库。</translation>
    </message>
    <message>
      <source>Install the cuDNN major version it needs, for its CUDA major version, into a matching CUDA toolkit and put its bin folder on PATH.</source>
      <translation>请将它需要的 cuDNN 主版本（对应其 CUDA 主版本）安装到匹配的 CUDA 工具包中，并把该工具包的 bin 文件夹加入 PATH。</translation>
    </message>
    <message>
      <source>%1 would load a cuDNN of another major version than the one it was built for.</source>
      <translation>%1 会加载与其构建时主版本不同的 cuDNN。</translation>
    </message>
    <message>
      <source>Install the cuDNN major version it needs and put it first on PATH, or install the version of the framework that matches the cuDNN you have.</source>
      <translation>请安装它需要的 cuDNN 主版本并将其放在 PATH 最前面，或安装与现有 cuDNN 匹配的框架版本。</translation>
    </message>
    <message>
      <source>%1 would load a cuDNN older than the one it was built with, which it refuses.</source>
      <translation>%1 会加载比其构建时更旧的 cuDNN，框架会拒绝使用。</translation>
    </message>
    <message>
      <source>Install that cuDNN release or a later one of the same major version.</source>
      <translation>请安装该 cuDNN 版本，或同一主版本中更新的版本。</translation>
    </message>
    <message>
      <source>%1 would load a cuDNN built for another CUDA major version.</source>
      <translation>%1 会加载为另一个 CUDA 主版本构建的 cuDNN。</translation>
    </message>
    <message>
      <source>Install the cuDNN build for the framework's CUDA major version (the archive named ..._cudaN-archive).</source>
      <translation>请安装与该框架 CUDA 主版本对应的 cuDNN 构建（名为 ..._cudaN-archive 的压缩包）。</translation>
    </message>
    <message>
      <source>A program started now would load cuDNN libraries from different folders (%1): one process mixes releases.</source>
      <translation>现在启动的程序会从不同文件夹加载 cuDNN 库（%1）：同一进程混用了不同版本。</translation>
    </message>
    <message>
      <source>Remove the stray cuDNN libraries from the earlier folder, or move the toolkit's bin folder ahead of it on PATH.</source>
      <translation>请删除较早文件夹中多余的 cuDNN 库，或在 PATH 中把工具包的 bin 文件夹移到它前面。</translation>
    </message>
    <message>
      <source>The system PATH is longer than 2,047 characters; older dialogs and setx cut it when it is edited.</source>
      <translation>系统 PATH 超过 2,047 个字符；旧版对话框和 setx 编辑时会将其截断。</translation>
    </message>
    <message>
      <source>Remove entries that are gone or repeated before PATH is edited again.</source>
      <translation>在再次编辑 PATH 之前，请删除已不存在或重复的条目。</translation>
    </message>
    <message>
      <source>A PATH entry is written in quotes (%1); Windows does not find DLLs in it.</source>
      <translation>PATH 中有一项带有引号（%1）；Windows 不会在其中查找 DLL。</translation>
    </message>
    <message>
      <source>Remove the quotes around that PATH entry; PATH entries never need them.</source>
      <translation>请去掉该 PATH 条目两侧的引号；PATH 条目从不需要引号。</translation>
    </message>
    <message>
      <source>PATH names folders that do not exist (%1).</source>
      <translation>PATH 中包含不存在的文件夹（%1）。</translation>
    </message>
    <message>
      <source>Remove those entries; an uninstalled toolkit leaves its bin folder behind on PATH.</source>
      <translation>请删除这些条目；卸载的工具包会把它的 bin 文件夹遗留在 PATH 中。</translation>
    </message>
    <message>
      <source>%1 is only on your user PATH; services and other accounts do not see it.</source>
      <translation>%1 只在你的用户 PATH 中；服务和其他账户看不到它。</translation>
    </message>
    <message>
      <source>Move it to the system PATH (the installer puts it there).</source>
      <translation>请把它移到系统 PATH 中（安装程序会放在那里）。</translation>
    </message>
    <message>
      <source>CUDA_PATH names a folder that does not exist (%1).</source>
      <translation>CUDA_PATH 指向一个不存在的文件夹（%1）。</translation>
    </message>
    <message>
      <source>Set CUDA_PATH to an installed toolkit, or delete the variable.</source>
      <translation>请将 CUDA_PATH 设为已安装的工具包，或删除该变量。</translation>
    </message>
    <message>
      <source>The symbolic link %1 points outside the archive's folder.</source>
      <translation>符号链接 %1 指向压缩包文件夹之外。</translation>
    </message>
    <message>
      <source>The entry %1 is a hard link; NVIDIA's tarballs have none.</source>
      <translation>条目 %1 是硬链接；NVIDIA 的 tar 包中没有硬链接。</translation>
    </message>
    <message>
      <source>The entry %1 is a device, FIFO or socket, not a file.</source>
      <translation>条目 %1 是设备、FIFO 或套接字，而不是文件。</translation>
    </message>
    <message>
      <source>The entry %1 is setuid, setgid or writable by everyone.</source>
      <translation>条目 %1 带有 setuid、setgid 权限或对所有人可写。</translation>
    </message>
    <message>
      <source>The entry %1 would be written through, or over, a symbolic link of the same archive.</source>
      <translation>条目 %1 会经由或覆盖同一压缩包中的符号链接写入。</translation>
    </message>
    <message>
      <source>The entry %1 has a name no Linux file system accepts (a long-name trick).</source>
      <translation>条目 %1 的名称是任何 Linux 文件系统都不接受的（长文件名伎俩）。</translation>
    </message>
    <message>
      <source>The entry %1 is a sparse file; NVIDIA's tarballs have none.</source>
      <translation>条目 %1 是稀疏文件；NVIDIA 的 tar 包中没有稀疏文件。</translation>
    </message>
    <message>
      <source>The library %1 carries another name (SONAME) than the one programs load.</source>
      <translation>库 %1 内记录的名称（SONAME）与程序加载时使用的名称不同。</translation>
    </message>
    <message>
      <source>The archive was repackaged; download it again from NVIDIA.</source>
      <translation>该压缩包被重新打包过，请从 NVIDIA 官网重新下载。</translation>
    </message>
    <message>
      <source>The symbolic link %1 leads to no file of the archive.</source>
      <translation>符号链接 %1 没有指向压缩包中的任何文件。</translation>
    </message>
    <message>
      <source>The archive is incomplete; download it again from NVIDIA.</source>
      <translation>压缩包不完整，请从 NVIDIA 官网重新下载。</translation>
    </message>
    <message>
      <source>%1 belongs to a package of the system's package manager.</source>
      <translation>%1 属于系统包管理器安装的软件包。</translation>
    </message>
    <message>
      <source>Update that cuDNN with the package manager that installed it (apt or dnf), remove the package first, or install into another folder.</source>
      <translation>请用安装它的包管理器（apt 或 dnf）更新那份 cuDNN，或先卸载该软件包，或安装到其他文件夹。</translation>
    </message>
    <message>
      <source>%1 is a copy, not a symbolic link as in NVIDIA's tarballs.</source>
      <translation>%1 是一份复制的文件，而不是像 NVIDIA tar 包中那样的符号链接。</translation>
    </message>
    <message>
      <source>It works, but the archive was probably repackaged; prefer NVIDIA's download.</source>
      <translation>这样可以使用，但该压缩包很可能被重新打包过；建议使用 NVIDIA 官方下载。</translation>
    </message>
    <message>
      <source>It is left out of the install unless you tick "Also install the extra files" (an official NVIDIA archive's extra files are installed anyway); get the archive from NVIDIA if you did not expect it.</source>
      <translation>除非勾选“同时安装额外文件”，安装时会跳过它（官方 NVIDIA 压缩包中的额外文件总会安装）；如果这不在预期之内，请从 NVIDIA 官网获取压缩包。</translation>
    </message>
    <message>
      <source>%1 in the administrators' state folder is not cudnn-setup's own (another owner, open to others, or a link), so nothing in the folder is trusted.</source>
      <translation>管理员状态文件夹中的 %1 不属于 cudnn-setup（所有者不同、对他人开放或是链接），因此该文件夹中的任何内容都不被信任。</translation>
    </message>
    <message>
      <source>Nothing was changed. As an administrator (root), move that entry out of the state folder, then try again.</source>
      <translation>未做任何更改。请以管理员（root）身份将该条目移出状态文件夹，然后重试。</translation>
    </message>
    <message>
      <source>With administrator rights cudnn-setup keeps its state only in the machine's state folder, not in %1.</source>
      <translation>以管理员权限运行时，cudnn-setup 只把状态保存在本机的状态文件夹中，而不是 %1。</translation>
    </message>
    <message>
      <source>Nothing was changed. Leave out --state-dir and CUDNN_SETUP_STATE_DIR, or choose a folder below the machine's state folder.</source>
      <translation>未做任何更改。请去掉 --state-dir 和 CUDNN_SETUP_STATE_DIR，或选择本机状态文件夹下的一个文件夹。</translation>
    </message>
    <message>
      <source>The elevated helper refused its command line: it takes only the request it was made for.</source>
      <translation>提升权限的辅助程序拒绝了它的命令行：它只接受为其生成的请求。</translation>
    </message>
    <message>
      <source>Nothing was changed. Start the install, repair or uninstall from cudnn-setup itself (not through pkexec or sudo with other options).</source>
      <translation>未做任何更改。请从 cudnn-setup 本身启动安装、修复或卸载（不要通过 pkexec 或 sudo 附加其他选项）。</translation>
    </message>
    <message>
      <source>cuDNN is installed in %1, but that folder is not on PATH, so programs do not find it.</source>
      <translation>cuDNN 已安装在 %1，但该文件夹不在 PATH 上，程序找不到它。</translation>
    </message>
    <message>
      <source>Add exactly this folder (the one holding the DLLs, not a folder above it) to the system PATH; a folder named after CUDA 12.9 serves any CUDA 12.x toolkit.</source>
      <translation>把这个文件夹本身（存放 DLL 的那一层，而不是它的上级文件夹）加入系统 PATH；以 CUDA 12.9 命名的文件夹适用于任何 CUDA 12.x 工具包。</translation>
    </message>
    <message>
      <source>The PATH entry %1 holds no cuDNN DLL; the DLLs are in a subfolder, and Windows does not look into subfolders.</source>
      <translation>PATH 条目 %1 中没有 cuDNN DLL；DLL 在它的子文件夹里，而 Windows 不会搜索子文件夹。</translation>
    </message>
    <message>
      <source>Replace that entry in PATH with the subfolder that holds cudnn64_9.dll (for example bin\12.9\x64).</source>
      <translation>在 PATH 中把该条目换成存放 cudnn64_9.dll 的子文件夹（例如 bin\12.9\x64）。</translation>
    </message>
    <message>
      <source>The cuDNN programs load (%1) was built for another CUDA major version than the toolkit in use.</source>
      <translation>程序加载的 cuDNN（%1）是为另一个 CUDA 主版本构建的，与正在使用的工具包不符。</translation>
    </message>
    <message>
      <source>Put the variant folder built for your toolkit's CUDA major version on PATH in its place (any 12.x folder for a CUDA 12 toolkit).</source>
      <translation>在 PATH 中用为你的工具包 CUDA 主版本构建的变体文件夹替换它（CUDA 12 工具包可用任一 12.x 文件夹）。</translation>
    </message>
    <message>
      <source>Programs load the older cuDNN %1 instead of the newer one NVIDIA's installer put on this computer.</source>
      <translation>程序加载的是较旧的 cuDNN %1，而不是 NVIDIA 安装程序装在本机上的较新版本。</translation>
    </message>
    <message>
      <source>Move the newer install's folder ahead of the older copy's folder in PATH, or remove the older cuDNN DLLs.</source>
      <translation>在 PATH 中把较新安装的文件夹移到旧副本所在文件夹之前，或删除旧的 cuDNN DLL。</translation>
    </message>
    <message>
      <source>%1 is cuDNN 9, which loads cuBLASLt and NVRTC of its CUDA version when it runs, and they are not on PATH ("Could not load library cublasLt64_12.dll. Error code 126").</source>
      <translation>%1 是 cuDNN 9，运行时会按名称加载其 CUDA 版本的 cuBLASLt 和 NVRTC，但它们不在 PATH 上（“Could not load library cublasLt64_12.dll. Error code 126”）。</translation>
    </message>
    <message>
      <source>Add the bin folder of a CUDA toolkit of the same major version to the system PATH, or install that CUDA toolkit if there is none.</source>
      <translation>把同一主版本的 CUDA 工具包的 bin 文件夹加入系统 PATH；如果还没有这样的工具包，请先安装它。</translation>
    </message>
  </context>
  <context>
    <name>QWizard</name>
    <message>
      <source>&lt; &amp;Back</source>
      <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
      <source>&amp;Next &gt;</source>
      <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
      <source>&amp;Next</source>
      <translation>下一步(&amp;N)</translation>
    </message>
    <message>
      <source>&amp;Finish</source>
      <translation>完成(&amp;F)</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Commit</source>
      <translation>确认</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
  </context>
  <context>
    <name>ReportWriter</name>
    <message>
      <source>cudnn-setup report</source>
      <translation>cudnn-setup 报告</translation>
    </message>
    <message>
      <source>Tool</source>
      <translation>工具</translation>
    </message>
    <message>
      <source>System</source>
      <translation>系统</translation>
    </message>
    <message>
      <source>Driver</source>
      <translation>驱动</translation>
    </message>
    <message>
      <source>Toolkits</source>
      <translation>工具包</translation>
    </message>
    <message>
      <source>None found.</source>
      <translation>未找到。</translation>
    </message>
    <message>
      <source>none</source>
      <translation>无</translation>
    </message>
    <message>
      <source>cuDNN copies (the first wins):</source>
      <translation>cuDNN 副本（排在第一的会被加载）：</translation>
    </message>
    <message>
      <source>Archive</source>
      <translation>压缩包</translation>
    </message>
    <message>
      <source>Release</source>
      <translation>版本</translation>
    </message>
    <message>
      <source>not identified</source>
      <translation>无法识别</translation>
    </message>
    <message>
      <source>Authenticity</source>
      <translation>来源可信度</translation>
    </message>
    <message>
      <source>Toolkit</source>
      <translation>工具包</translation>
    </message>
    <message>
      <source>exit code</source>
      <translation>退出码</translation>
    </message>
    <message>
      <source>Left over</source>
      <translation>遗留</translation>
    </message>
    <message>
      <source>Validation</source>
      <translation>验证</translation>
    </message>
    <message>
      <source>Device</source>
      <translation>设备</translation>
    </message>
    <message>
      <source>Loaded</source>
      <translation>已加载</translation>
    </message>
    <message>
      <source>Shape</source>
      <translation>形状</translation>
    </message>
    <message>
      <source>Algorithm</source>
      <translation>算法</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>Max. rel. error</source>
      <translation>最大相对误差</translation>
    </message>
    <message>
      <source>Time (ms)</source>
      <translation>耗时（毫秒）</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>FAIL</source>
      <translation>失败</translation>
    </message>
  </context>
  <context>
    <name>UiKit</name>
    <message numerus="yes">
      <source>about %n second(s) left</source>
      <translation>
        <numerusform>剩余约 %n 秒</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>about %n minute(s) left</source>
      <translation>
        <numerusform>剩余约 %n 分钟</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 of %2</source>
      <translation>%1 / %2</translation>
    </message>
    <message>
      <source>%1/s</source>
      <translation>%1/秒</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
  </context>
  <context>
    <name>ValidationRun</name>
    <message numerus="yes">
      <source>All %n check(s) passed on the GPU.</source>
      <translation>
        <numerusform>全部 %n 项检查均在 GPU 上通过。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n check(s) failed.</source>
      <translation>
        <numerusform>%n 项检查未通过。</numerusform>
      </translation>
    </message>
    <message>
      <source>cuDNN could not be checked on this machine; see the reasons below.</source>
      <translation>无法在本机上检查 cuDNN，原因见下方。</translation>
    </message>
    <message numerus="yes">
      <source>The check did not finish within %n second(s) and was stopped.</source>
      <translation>
        <numerusform>检查未在 %n 秒内完成，已被终止。</numerusform>
      </translation>
    </message>
    <message>
      <source>The check process crashed (a broken cuDNN or driver library can do this).</source>
      <translation>检查进程崩溃了（损坏的 cuDNN 或驱动库可能导致这种情况）。</translation>
    </message>
    <message>
      <source>Could not start %1.</source>
      <translation>无法启动 %1。</translation>
    </message>
    <message>
      <source>The check ended without a result (exit code %1).</source>
      <translation>检查结束但没有给出结果（退出码 %1）。</translation>
    </message>
    <message>
      <source>The check was cancelled.</source>
      <translation>检查已取消。</translation>
    </message>
    <message>
      <source>compute capability %1</source>
      <translation>计算能力 %1</translation>
    </message>
    <message numerus="yes">
      <source>%n multiprocessor(s)</source>
      <translation>
        <numerusform>%n 个多处理器</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 GiB</source>
      <translation>%1 GiB</translation>
    </message>
    <message>
      <source>present</source>
      <translation>已安装</translation>
    </message>
    <message>
      <source>supports CUDA %1</source>
      <translation>支持 CUDA %1</translation>
    </message>
    <message>
      <source>a stub library, not a real driver</source>
      <translation>这是占位库，不是真正的驱动</translation>
    </message>
    <message>
      <source>no NVIDIA driver found</source>
      <translation>未找到 NVIDIA 驱动</translation>
    </message>
    <message>
      <source>no CUDA device found</source>
      <translation>未找到 CUDA 设备</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ArchivePage</name>
    <message>
      <source>Choose the cuDNN archive</source>
      <translation>选择 cuDNN 压缩包</translation>
    </message>
    <message>
      <source>Choose the cuDNN zip you downloaded from NVIDIA, or drop it here. It is checked completely before anything is installed.</source>
      <translation>选择从 NVIDIA 下载的 cuDNN zip，或直接拖到这里。安装之前会对它做完整检查。</translation>
    </message>
    <message>
      <source>&amp;Archive:</source>
      <translation>压缩包(&amp;A)：</translation>
    </message>
    <message>
      <source>cudnn-…-windows-x64-….zip</source>
      <translation>cudnn-…-windows-x64-….zip</translation>
    </message>
    <message>
      <source>Chosen archive</source>
      <translation>已选择的压缩包</translation>
    </message>
    <message>
      <source>&amp;Browse…</source>
      <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
      <source>&amp;Found in Downloads, Desktop and the current folder:</source>
      <translation>在“下载”、桌面和当前文件夹中找到(&amp;F)：</translation>
    </message>
    <message>
      <source>Archives found on this computer</source>
      <translation>在本机找到的压缩包</translation>
    </message>
    <message>
      <source>Verification progress</source>
      <translation>校验进度</translation>
    </message>
    <message>
      <source>&amp;Cancel check</source>
      <translation>取消检查(&amp;C)</translation>
    </message>
    <message>
      <source>Verification checklist</source>
      <translation>校验清单</translation>
    </message>
    <message>
      <source>I &amp;trust this file: I know where it came from, although its SHA-256 is not a known NVIDIA release.</source>
      <translation>我信任这个文件(&amp;T)：虽然它的 SHA-256 不属于已知的 NVIDIA 发布版，但我清楚它的来源。</translation>
    </message>
    <message>
      <source>No cudnn*.zip found there.</source>
      <translation>这些位置没有 cudnn*.zip。</translation>
    </message>
    <message>
      <source>No archive chosen yet.</source>
      <translation>尚未选择压缩包。</translation>
    </message>
    <message>
      <source>Reading %1…</source>
      <translation>正在读取 %1…</translation>
    </message>
    <message>
      <source>Checking %1: identity, authenticity, completeness, integrity and safety…</source>
      <translation>正在检查 %1：身份、来源、文件齐全、数据完好与安全性…</translation>
    </message>
    <message>
      <source>The check of %1 was cancelled. Choose the archive again to check it.</source>
      <translation>已取消对 %1 的检查。重新选择该压缩包即可再次检查。</translation>
    </message>
    <message>
      <source>%1, SHA-256 %2</source>
      <translation>%1，SHA-256 %2</translation>
    </message>
    <message>
      <source>%1 is intact, but it is not a known NVIDIA release.</source>
      <translation>%1 完好无损，但不是已知的 NVIDIA 发布版。</translation>
    </message>
    <message>
      <source>%1 is a complete, intact %2.</source>
      <translation>%1 是完整无损的%2。</translation>
    </message>
    <message numerus="yes">
      <source>%1 cannot be installed: %n problem(s) found. Nothing was written.</source>
      <translation>
        <numerusform>无法安装 %1：发现 %n 个问题。未写入任何内容。</numerusform>
      </translation>
    </message>
    <message>
      <source>Notes</source>
      <translation>附注</translation>
    </message>
    <message numerus="yes">
      <source>%n note(s) that do not stop the install.</source>
      <translation>
        <numerusform>%n 条附注，不影响安装。</numerusform>
      </translation>
    </message>
    <message>
      <source>cuDNN archives (*.zip *.tar.xz *.tgz *.tar.gz);;All files (*)</source>
      <translation>cuDNN 压缩包 (*.zip *.tar.xz *.tgz *.tar.gz);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Also install the &amp;extra files this archive has beyond the cuDNN release (listed under Notes).</source>
      <translation>同时安装此压缩包中 cuDNN 发布版之外的额外文件(&amp;E)（见“备注”）。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::FinishPage</name>
    <message>
      <source>Finished</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>Report</source>
      <translation>报告</translation>
    </message>
    <message>
      <source>&amp;Save report…</source>
      <translation>保存报告(&amp;S)…</translation>
    </message>
    <message>
      <source>Save the report</source>
      <translation>保存报告</translation>
    </message>
    <message>
      <source>Markdown (*.md);;JSON (*.json)</source>
      <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
      <source>&amp;Copy to clipboard</source>
      <translation>复制到剪贴板(&amp;C)</translation>
    </message>
    <message>
      <source>The report is on the clipboard (Markdown), ready to paste into a bug report.</source>
      <translation>报告（Markdown 格式）已复制到剪贴板，可直接粘贴到问题反馈中。</translation>
    </message>
    <message>
      <source>Open &amp;log folder</source>
      <translation>打开日志文件夹(&amp;L)</translation>
    </message>
    <message>
      <source>Validation: %1</source>
      <translation>验证：%1</translation>
    </message>
    <message>
      <source>Nothing was changed.</source>
      <translation>未做任何更改。</translation>
    </message>
    <message>
      <source>The log is in %1.</source>
      <translation>日志位于 %1。</translation>
    </message>
    <message>
      <source>Report saved to %1.</source>
      <translation>报告已保存到 %1。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::FrameworksPanel</name>
    <message>
      <source>Your frameworks</source>
      <translation>你的框架</translation>
    </message>
    <message>
      <source>GPU frameworks in your Python environments and whether they load a working cuDNN</source>
      <translation>你的 Python 环境中的 GPU 框架，以及它们能否加载可用的 cuDNN</translation>
    </message>
    <message>
      <source>Looking at this computer…</source>
      <translation>正在检测本机环境…</translation>
    </message>
    <message numerus="yes">
      <source>No TensorFlow, ONNX Runtime, PaddlePaddle, PyTorch or JAX in the %n Python environment(s) found.</source>
      <translation>
        <numerusform>在找到的 %n 个 Python 环境中没有 TensorFlow、ONNX Runtime、PaddlePaddle、PyTorch 或 JAX。</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 in %2</source>
      <translation>%2 中的 %1</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
    <message numerus="yes">
      <source>%n framework(s) will not load a working cuDNN as things are:</source>
      <translation>
        <numerusform>按目前的状态，有 %n 个框架无法加载可用的 cuDNN：</numerusform>
      </translation>
    </message>
    <message>
      <source>Every GPU framework found loads a cuDNN it was built for:</source>
      <translation>找到的每个 GPU 框架都会加载与其构建版本匹配的 cuDNN：</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::InstallPage</name>
    <message>
      <source>Progress</source>
      <translation>进度</translation>
    </message>
    <message>
      <source>&amp;Cancel and roll back</source>
      <translation>取消并回滚(&amp;C)</translation>
    </message>
    <message>
      <source>Cancelling: undoing every change made so far…</source>
      <translation>正在取消：撤销目前为止的所有更改…</translation>
    </message>
    <message>
      <source>Installation log</source>
      <translation>安装日志</translation>
    </message>
    <message>
      <source>Repairing cuDNN</source>
      <translation>正在修复 cuDNN</translation>
    </message>
    <message>
      <source>Uninstalling cuDNN</source>
      <translation>正在卸载 cuDNN</translation>
    </message>
    <message>
      <source>Installing cuDNN</source>
      <translation>正在安装 cuDNN</translation>
    </message>
    <message>
      <source>Toolkit: %1</source>
      <translation>工具包：%1</translation>
    </message>
    <message>
      <source>Starting…</source>
      <translation>正在开始…</translation>
    </message>
    <message>
      <source>These could not be restored:</source>
      <translation>以下内容未能恢复：</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>解决办法：%1</translation>
    </message>
    <message>
      <source>Done.</source>
      <translation>已完成。</translation>
    </message>
    <message>
      <source>Stopped.</source>
      <translation>已停止。</translation>
    </message>
    <message numerus="yes">
      <source>%n file(s)</source>
      <translation>
        <numerusform>%n 个文件</numerusform>
      </translation>
    </message>
    <message>
      <source>&amp;Log (paths relative to the toolkit, a line per folder):</source>
      <translation>日志（路径相对于工具包，每个文件夹一行）(&amp;L)：</translation>
    </message>
    <message>
      <source>&amp;Full log…</source>
      <translation>完整日志(&amp;F)…</translation>
    </message>
    <message>
      <source>Every line with full paths, as written to the wizard's log file.</source>
      <translation>包含完整路径的每一行，与向导日志文件中的内容相同。</translation>
    </message>
    <message>
      <source>Full log</source>
      <translation>完整日志</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::Main</name>
    <message>
      <source>cudnn-setup.exe is the wizard and takes no command. For scripts and silent installs run the console twin next to it:

cudnn-setup-cli.exe %1</source>
      <translation>cudnn-setup.exe 是图形向导，不接受命令。脚本和静默安装请运行旁边的命令行版本：

cudnn-setup-cli.exe %1</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::MaintenancePage</name>
    <message>
      <source>Maintain cuDNN</source>
      <translation>维护 cuDNN</translation>
    </message>
    <message>
      <source>Choose the toolkit and what to do with its cuDNN.</source>
      <translation>选择工具包，以及要对其中的 cuDNN 做什么。</translation>
    </message>
    <message>
      <source>&amp;Toolkit:</source>
      <translation>工具包(&amp;T)：</translation>
    </message>
    <message>
      <source>Toolkits with cuDNN</source>
      <translation>装有 cuDNN 的工具包</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>文件夹</translation>
    </message>
    <message>
      <source>CUDA</source>
      <translation>CUDA</translation>
    </message>
    <message>
      <source>cuDNN</source>
      <translation>cuDNN</translation>
    </message>
    <message>
      <source>&amp;Repair</source>
      <translation>修复(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Uninstall</source>
      <translation>卸载(&amp;U)</translation>
    </message>
    <message>
      <source>Put the toolkit and PATH back exactly as they were before cuDNN was installed.</source>
      <translation>把工具包和 PATH 完全恢复到安装 cuDNN 之前的样子。</translation>
    </message>
    <message>
      <source>&amp;Validate</source>
      <translation>验证(&amp;V)</translation>
    </message>
    <message>
      <source>Run the convolution check on the GPU again.</source>
      <translation>在 GPU 上重新运行卷积检查。</translation>
    </message>
    <message>
      <source>Re&amp;port</source>
      <translation>报告(&amp;P)</translation>
    </message>
    <message>
      <source>Show the version profile to save or paste into a bug report.</source>
      <translation>显示版本概况，可保存或粘贴到问题反馈中。</translation>
    </message>
    <message>
      <source>Install &amp;another version</source>
      <translation>安装其他版本(&amp;A)</translation>
    </message>
    <message>
      <source>Choose a new cuDNN archive.</source>
      <translation>选择新的 cuDNN 压缩包。</translation>
    </message>
    <message>
      <source>(installed by cudnn-setup)</source>
      <translation>（由 cudnn-setup 安装）</translation>
    </message>
    <message>
      <source>Only an installation made by cudnn-setup can be undone exactly.</source>
      <translation>只有由 cudnn-setup 完成的安装才能被精确撤销。</translation>
    </message>
    <message>
      <source>Restore missing, damaged or empty cuDNN files from the recorded archive, or from an archive you choose (needed for a cuDNN copied by hand).</source>
      <translation>用安装记录中的压缩包或你选择的压缩包，恢复缺失、损坏或为空的 cuDNN 文件（手动复制的 cuDNN 必须选择压缩包）。</translation>
    </message>
    <message>
      <source>&amp;Archive:</source>
      <translation>压缩包(&amp;A)：</translation>
    </message>
    <message>
      <source>Archive to repair from</source>
      <translation>用于修复的压缩包</translation>
    </message>
    <message>
      <source>the recorded archive</source>
      <translation>安装记录中的压缩包</translation>
    </message>
    <message>
      <source>C&amp;hoose archive…</source>
      <translation>选择压缩包(&amp;H)…</translation>
    </message>
    <message>
      <source>cuDNN archive to repair from</source>
      <translation>选择用于修复的 cuDNN 压缩包</translation>
    </message>
    <message>
      <source>This cuDNN was not installed by cudnn-setup: choose the archive to repair it from.</source>
      <translation>这份 cuDNN 不是由 cudnn-setup 安装的：请选择用来修复它的压缩包。</translation>
    </message>
    <message>
      <source>cuDNN archive (*.zip *.tar.xz *.tgz)</source>
      <translation>cuDNN 压缩包 (*.zip *.tar.xz *.tgz)</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ReviewPage</name>
    <message>
      <source>Review the changes</source>
      <translation>确认更改</translation>
    </message>
    <message>
      <source>Nothing has been written yet. This is exactly what Install will do; if any step fails, all of it is undone.</source>
      <translation>目前尚未写入任何内容。下面就是“安装”将要做的全部操作；任何一步失败，所有更改都会撤销。</translation>
    </message>
    <message>
      <source>&amp;Install</source>
      <translation>安装(&amp;I)</translation>
    </message>
    <message>
      <source>Files that will be added, replaced or removed</source>
      <translation>将被添加、替换或删除的文件</translation>
    </message>
    <message>
      <source>File</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Change</source>
      <translation>变更</translation>
    </message>
    <message>
      <source>PATH before and after</source>
      <translation>PATH 修改前后</translation>
    </message>
    <message>
      <source>Conflicts and warnings</source>
      <translation>冲突与警告</translation>
    </message>
    <message>
      <source>Working out the plan for %1…</source>
      <translation>正在为 %1 制定安装计划…</translation>
    </message>
    <message numerus="yes">
      <source>Into %1: %n file(s) added</source>
      <translation>
        <numerusform>安装到 %1：添加 %n 个文件</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n replaced (the old ones are kept as backups)</source>
      <translation>
        <numerusform>替换 %n 个（旧文件会保留备份）</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n removed (backed up)</source>
      <translation>
        <numerusform>删除 %n 个（已备份）</numerusform>
      </translation>
    </message>
    <message>
      <source>Administrator rights are needed: Windows will ask when you click Install.</source>
      <translation>需要管理员权限：点击“安装”时 Windows 会请求授权。</translation>
    </message>
    <message>
      <source>added</source>
      <translation>添加</translation>
    </message>
    <message>
      <source>replaced, backup kept</source>
      <translation>替换，保留备份</translation>
    </message>
    <message>
      <source>removed, backup kept</source>
      <translation>删除，保留备份</translation>
    </message>
    <message>
      <source>folder created</source>
      <translation>新建文件夹</translation>
    </message>
    <message>
      <source>PATH stays as it is.</source>
      <translation>PATH 保持不变。</translation>
    </message>
    <message>
      <source>PATH before</source>
      <translation>修改前的 PATH</translation>
    </message>
    <message>
      <source>PATH after (changes highlighted)</source>
      <translation>修改后的 PATH（变更处已高亮）</translation>
    </message>
    <message>
      <source>No conflicts found: no other cuDNN copy will win the library search.</source>
      <translation>未发现冲突：不会有其他 cuDNN 副本抢先被加载。</translation>
    </message>
    <message>
      <source>Size</source>
      <translation>大小</translation>
    </message>
    <message numerus="yes">
      <source>%n file(s)</source>
      <translation>
        <numerusform>%n 个文件</numerusform>
      </translation>
    </message>
    <message>
      <source>symbolic link</source>
      <translation>符号链接</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::Session</name>
    <message>
      <source>Could not write %1: %2. Choose another folder.</source>
      <translation>无法写入 %1：%2。请换一个文件夹。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::SetupWizard</name>
    <message>
      <source>cuDNN Setup %1</source>
      <translation>cuDNN 安装向导 %1</translation>
    </message>
    <message>
      <source>Windows will ask for administrator rights.</source>
      <translation>Windows 会请求管理员权限。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ToolkitPage</name>
    <message>
      <source>Compatible</source>
      <translation>兼容</translation>
    </message>
    <message>
      <source>Works, with a warning</source>
      <translation>可用，但有警告</translation>
    </message>
    <message>
      <source>Not compatible</source>
      <translation>不兼容</translation>
    </message>
    <message>
      <source>Not checked</source>
      <translation>未检查</translation>
    </message>
    <message>
      <source>Choose the CUDA toolkit</source>
      <translation>选择 CUDA 工具包</translation>
    </message>
    <message>
      <source>cuDNN is merged into the toolkit folder (bin, include, lib). Choose the toolkit your programs use.</source>
      <translation>cuDNN 会被合并到工具包文件夹（bin、include、lib）中。请选择你的程序实际使用的工具包。</translation>
    </message>
    <message>
      <source>&amp;Toolkits found:</source>
      <translation>找到的工具包(&amp;T)：</translation>
    </message>
    <message>
      <source>CUDA toolkits</source>
      <translation>CUDA 工具包</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>文件夹</translation>
    </message>
    <message>
      <source>CUDA</source>
      <translation>CUDA</translation>
    </message>
    <message>
      <source>Found via</source>
      <translation>发现途径</translation>
    </message>
    <message>
      <source>cuDNN inside</source>
      <translation>已含 cuDNN</translation>
    </message>
    <message>
      <source>Compatibility</source>
      <translation>兼容性</translation>
    </message>
    <message>
      <source>&amp;Other folder…</source>
      <translation>其他文件夹(&amp;O)…</translation>
    </message>
    <message>
      <source>Choose the CUDA toolkit folder</source>
      <translation>选择 CUDA 工具包文件夹</translation>
    </message>
    <message>
      <source>Problems in the chosen toolkit</source>
      <translation>所选工具包中的问题</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>未知</translation>
    </message>
    <message>
      <source>none</source>
      <translation>无</translation>
    </message>
    <message>
      <source>(incomplete)</source>
      <translation>（不完整）</translation>
    </message>
    <message>
      <source>(installed by cudnn-setup)</source>
      <translation>（由 cudnn-setup 安装）</translation>
    </message>
    <message>
      <source>Looking for toolkits…</source>
      <translation>正在查找工具包…</translation>
    </message>
    <message>
      <source>No CUDA toolkit found. Use "Other folder…" to choose it.</source>
      <translation>未找到 CUDA 工具包。请用“其他文件夹…”手动选择。</translation>
    </message>
    <message>
      <source>Choose a toolkit from the list.</source>
      <translation>请从列表中选择一个工具包。</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::ValidatePage</name>
    <message>
      <source>Validate cuDNN on the GPU</source>
      <translation>在 GPU 上验证 cuDNN</translation>
    </message>
    <message>
      <source>Loads cuDNN from the toolkit in a separate process and runs real convolutions, each compared with a CPU reference.</source>
      <translation>在独立进程中从工具包加载 cuDNN，运行真实的卷积运算，并逐一与 CPU 参考结果比对。</translation>
    </message>
    <message>
      <source>Validation running</source>
      <translation>正在验证</translation>
    </message>
    <message>
      <source>&amp;Stop</source>
      <translation>停止(&amp;S)</translation>
    </message>
    <message>
      <source>Run &amp;again</source>
      <translation>再次运行(&amp;A)</translation>
    </message>
    <message>
      <source>Device:</source>
      <translation>设备：</translation>
    </message>
    <message>
      <source>Driver:</source>
      <translation>驱动：</translation>
    </message>
    <message>
      <source>cuDNN:</source>
      <translation>cuDNN：</translation>
    </message>
    <message>
      <source>Loaded from:</source>
      <translation>加载自：</translation>
    </message>
    <message>
      <source>Convolution checks</source>
      <translation>卷积检查</translation>
    </message>
    <message>
      <source>Shape</source>
      <translation>形状</translation>
    </message>
    <message>
      <source>Algorithm</source>
      <translation>算法</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>Max. rel. error</source>
      <translation>最大相对误差</translation>
    </message>
    <message>
      <source>Time (ms)</source>
      <translation>耗时（毫秒）</translation>
    </message>
    <message>
      <source>Why the check failed and what to do</source>
      <translation>检查失败的原因及解决办法</translation>
    </message>
    <message>
      <source>Checking cuDNN in %1…</source>
      <translation>正在检查 %1 中的 cuDNN…</translation>
    </message>
    <message>
      <source>not reported</source>
      <translation>未报告</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>FAIL</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>FAIL: %1</source>
      <translation>失败：%1</translation>
    </message>
  </context>
  <context>
    <name>cudnnsetup::wizard::WelcomePage</name>
    <message>
      <source>Install NVIDIA cuDNN</source>
      <translation>安装 NVIDIA cuDNN</translation>
    </message>
    <message>
      <source>This wizard checks a cuDNN archive, merges it into a CUDA toolkit as one transaction, fixes PATH, and proves that cuDNN works on your GPU.</source>
      <translation>本向导会检查 cuDNN 压缩包，以单个事务把它合并进 CUDA 工具包，修正 PATH，并在你的 GPU 上实际验证 cuDNN 能否正常工作。</translation>
    </message>
    <message>
      <source>&lt;ol&gt;&lt;li&gt;Choose the cuDNN zip you downloaded; it is verified at once.&lt;/li&gt;&lt;li&gt;Choose the CUDA toolkit to install into.&lt;/li&gt;&lt;li&gt;Review every file and the PATH change before anything is written.&lt;/li&gt;&lt;li&gt;Install. If anything fails, the toolkit and PATH are restored exactly.&lt;/li&gt;&lt;li&gt;Validate: run real convolutions with the installed cuDNN.&lt;/li&gt;&lt;/ol&gt;</source>
      <translation>&lt;ol&gt;&lt;li&gt;选择下载好的 cuDNN zip，选中后立即校验。&lt;/li&gt;&lt;li&gt;选择要安装到的 CUDA 工具包。&lt;/li&gt;&lt;li&gt;在写入任何内容之前，逐一确认每个文件和 PATH 的改动。&lt;/li&gt;&lt;li&gt;安装。一旦出错，工具包和 PATH 会被原样恢复。&lt;/li&gt;&lt;li&gt;验证：用刚装好的 cuDNN 运行真实的卷积运算。&lt;/li&gt;&lt;/ol&gt;</translation>
    </message>
    <message>
      <source>On this computer</source>
      <translation>本机情况</translation>
    </message>
    <message>
      <source>Looking at this computer…</source>
      <translation>正在检测本机环境…</translation>
    </message>
    <message>
      <source>What was found on this computer</source>
      <translation>在本机检测到的内容</translation>
    </message>
    <message>
      <source>&amp;Recover now</source>
      <translation>立即恢复(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Install cuDNN from an archive</source>
      <translation>从压缩包安装 cuDNN(&amp;I)</translation>
    </message>
    <message>
      <source>&amp;Maintain an existing installation (repair, uninstall, validate, report)</source>
      <translation>维护已有的安装（修复、卸载、验证、报告）(&amp;M)</translation>
    </message>
    <message>
      <source>No CUDA toolkit was found. Install the CUDA toolkit first, or choose its folder on the next pages.</source>
      <translation>未找到 CUDA 工具包。请先安装 CUDA 工具包，或在后面的页面中手动选择它的文件夹。</translation>
    </message>
    <message>
      <source>no cuDNN</source>
      <translation>未装 cuDNN</translation>
    </message>
    <message>
      <source>cuDNN %1</source>
      <translation>cuDNN %1</translation>
    </message>
    <message>
      <source>CUDA %1 in %2 — %3</source>
      <translation>CUDA %1，位于 %2 —— %3</translation>
    </message>
    <message>
      <source>(version unknown)</source>
      <translation>（版本未知）</translation>
    </message>
    <message>
      <source>cuDNN used by programs started now: %1</source>
      <translation>现在启动的程序会使用的 cuDNN：%1</translation>
    </message>
    <message numerus="yes">
      <source>%n problem(s) found; they are explained on the Review page.</source>
      <translation>
        <numerusform>发现 %n 个问题，将在“确认更改”页中说明。</numerusform>
      </translation>
    </message>
    <message>
      <source>An installation was interrupted (%1). Until it is rolled back the toolkit may be half changed. Recover it first; nothing else is changed.</source>
      <translation>有一次安装被中断了（%1）。在回滚之前，工具包可能处于改了一半的状态。请先恢复；恢复不会改动其他任何内容。</translation>
    </message>
    <message>
      <source>Rolling back the interrupted installation…</source>
      <translation>正在回滚被中断的安装…</translation>
    </message>
  </context>
</TS>
