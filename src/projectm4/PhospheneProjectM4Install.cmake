# Installs libprojectM-4 and libprojectM-4-playlist as a prefix of their own,
# <libdir>/phosphene-projectm4/, so that they never shadow a real projectM:
#   include/projectM-4/*.h
#   lib/libprojectM-4.so.4, lib/libprojectM-4-playlist.so.4 (+ the development links)
#   lib/pkgconfig/projectM-4.pc, projectM-4-playlist.pc
#   lib/cmake/projectM4/, lib/cmake/projectM4Playlist/
# A host opts in with PKG_CONFIG_PATH=<that>/lib/pkgconfig or CMAKE_PREFIX_PATH=<that>, and runs
# with LD_LIBRARY_PATH=<that>/lib (docs/projectm-compat.md).
include(CMakePackageConfigHelpers)

set(pm4_prefix ${PHOSPHENE_PROJECTM4_PREFIX})

install(TARGETS phosphene_projectm4 EXPORT projectM4Targets
  LIBRARY DESTINATION ${pm4_prefix}/lib COMPONENT projectm4 NAMELINK_COMPONENT projectm4-dev)
install(TARGETS phosphene_projectm4_playlist EXPORT projectM4PlaylistTargets
  LIBRARY DESTINATION ${pm4_prefix}/lib COMPONENT projectm4 NAMELINK_COMPONENT projectm4-dev)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/projectM-4 DESTINATION ${pm4_prefix}/include
  COMPONENT projectm4-dev)

# pkg-config: paths relative to the .pc file, so the folder may move.
foreach(pc projectM-4 projectM-4-playlist)
  configure_file(${CMAKE_CURRENT_SOURCE_DIR}/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc DESTINATION ${pm4_prefix}/lib/pkgconfig
    COMPONENT projectm4-dev)
endforeach()

# CMake: projectM's package names and targets (libprojectM::projectM, libprojectM::playlist).
set_target_properties(phosphene_projectm4 PROPERTIES EXPORT_NAME projectM)
set_target_properties(phosphene_projectm4_playlist PROPERTIES EXPORT_NAME playlist)
install(EXPORT projectM4Targets NAMESPACE libprojectM:: DESTINATION ${pm4_prefix}/lib/cmake/projectM4
  COMPONENT projectm4-dev)
install(EXPORT projectM4PlaylistTargets NAMESPACE libprojectM::
  DESTINATION ${pm4_prefix}/lib/cmake/projectM4Playlist COMPONENT projectm4-dev)
foreach(package projectM4 projectM4Playlist)
  configure_file(${CMAKE_CURRENT_SOURCE_DIR}/${package}Config.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/${package}Config.cmake @ONLY)
  write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/${package}ConfigVersion.cmake
    VERSION ${PHOSPHENE_PROJECTM4_API_VERSION} COMPATIBILITY AnyNewerVersion)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${package}Config.cmake
    ${CMAKE_CURRENT_BINARY_DIR}/${package}ConfigVersion.cmake
    DESTINATION ${pm4_prefix}/lib/cmake/${package} COMPONENT projectm4-dev)
endforeach()
