# Install: shared and static library, the public headers, pkg-config and CMake package files,
# the CLI and Phosphene's own presets.
include(CMakePackageConfigHelpers)

install(TARGETS phosphene EXPORT PhospheneTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/src/libphosphene.a DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/phosphene DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(EXISTS ${PROJECT_SOURCE_DIR}/presets)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/presets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/phosphene/presets
    FILES_MATCHING PATTERN "*.milk")
endif()

install(EXPORT PhospheneTargets NAMESPACE Phosphene::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Phosphene)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/PhospheneConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
file(WRITE ${PROJECT_BINARY_DIR}/PhospheneConfig.cmake
  "include(\${CMAKE_CURRENT_LIST_DIR}/PhospheneTargets.cmake)\n")
install(FILES ${PROJECT_BINARY_DIR}/PhospheneConfig.cmake
  ${PROJECT_BINARY_DIR}/PhospheneConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Phosphene)

file(RELATIVE_PATH PC_PREFIX_FROM_PCDIR /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/phosphene.pc.in ${PROJECT_BINARY_DIR}/phosphene.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/phosphene.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
