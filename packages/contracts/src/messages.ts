/**
 * Every Spanish validation, error and success text of the product, by key.
 * SPEC.md sections 5 and 8 are the source; DECISIONS.md where it adds texts.
 */
export const MESSAGES = {
  validation: {
    // Login / profile
    usernameLoginRequired: 'El usuario es requerido',
    passwordLoginRequired: 'La contraseña es requerida',
    currentPasswordRequired: 'La contraseña actual es requerida',
    newPasswordRequired: 'La nueva contraseña es requerida',
    confirmPasswordRequired: 'La confirmación de la contraseña es requerida',
    passwordsDoNotMatch: 'Las contraseñas no coinciden',
    passwordMinLength: 'La contraseña debe tener al menos 8 caracteres',
    // User
    usernameRequired: 'Usuario es requerido',
    usernameNoSpaces: 'El usuario no puede contener espacios',
    nombreUserRequired: 'Nombre es requerido',
    apellidoRequired: 'Apellido es requerido',
    rolRequired: 'Rol es requerido',
    userAreaRequired: 'Área del usuario es requerida',
    // Status, area, job position, task type
    nombreRequired: 'El nombre es requerido',
    descripcionRequired: 'La descripción es requerida',
    orderRequired: 'El orden es requerido',
    orderMin: 'El orden debe ser mayor o igual a 1',
    orderMax: 'El orden debe ser menor o igual a 1000',
    colorHex: 'El color debe ser un valor hexadecimal válido',
    categoriaInvalid: 'La categoría debe ser Pendiente, En curso o Terminada',
    // Scheduled task form
    tareaRequired: 'La tarea es requerida',
    intervalRequired: 'El intervalo es requerido',
    intervalMin: 'El intervalo debe ser mayor o igual a 1',
    ruleInvalid: 'La regla de repetición no es válida',
    ruleFreqUnsupported: 'La regla de repetición debe ser diaria, semanal, mensual o anual (FREQ=DAILY, WEEKLY, MONTHLY o YEARLY)',
    rulePartUnsupported:
      'La regla de repetición usa una parte que Gestar no admite: horas, minutos, segundos, números de semana o días del año',
    ruleCountAndUntil: 'La regla de repetición no puede terminar a la vez por cantidad (COUNT) y por fecha (UNTIL)',
    weekdaysRequired: 'Elija al menos un día de la semana',
    repeticionesRange: 'Las repeticiones deben ser un número entero entre 1 y 1000',
    finBeforeStart: 'La fecha de fin no puede ser anterior a la primera ejecución',
    previewCount: 'La cantidad de fechas debe ser un número entero entre 1 y 50',
    diasNoLaborablesInvalid: 'Indique qué hacer en un día no laborable: omitir, siguiente_habil, anterior_habil o generar',
    anticipacionRange: 'La anticipación debe ser un número entero de días entre 0 y 365',
    anioRange: 'El año debe ser un número entero entre 2000 y 2100',
    // Task
    tituloRequired: 'El título es requerido',
    tipoTareaRequired: 'El tipo de tarea es requerido',
    areaRequired: 'El área es requerida',
    usuariosAsignadosRequired: 'Los usuarios asignados son requeridos',
    selectAreaFirst: 'Seleccione un área primero',
    fechaVencimientoRequired: 'La fecha de vencimiento es requerida',
    // Task schedule (inside the task form)
    fechaRequired: 'La fecha es requerida',
    scheduleIntervalMin: 'El intervalo debe ser mayor a 0',
    executionDateNotPast: 'La fecha de ejecución no puede ser anterior a hoy',
    dueDateBeforeExecution: 'La fecha de vencimiento no puede ser anterior a la fecha de ejecución',
    dueDateAfterInterval: 'La fecha de vencimiento no puede superar la fecha de ejecución más el intervalo',
    dueDateBeforeFirstDate: 'La fecha de vencimiento no puede ser anterior a la primera fecha de la programación',
    dueDateAfterNextDate: 'La fecha de vencimiento no puede superar la segunda fecha de la programación',
    dueDateHint: 'La selección del día actual está disponible hasta las 22 horas.',
    // Comments, archive, notifications
    comentarioRequired: 'El comentario no puede estar vacío',
    calificacionRange: 'La calificación debe ser un número entero entre 1 y 5',
    estadoRequired: 'El estado es requerido',
    selectUser: 'Debe seleccionar un usuario',
    allFieldsRequired: 'Debe completar todos los campos',
    tituloNotificationRequired: 'El título es requerido',
    mensajeRequired: 'El mensaje es requerido',
    sugerenciaRequired: 'La sugerencia no puede estar vacía',
    // Generic
    invalidUuid: 'El identificador no es válido',
    invalidPage: 'La página debe ser un número entero mayor o igual a 1',
    invalidLimit: 'El límite debe ser un número entero entre 1 y 100',
    invalidDate: 'La fecha no es válida',
    invalidBody: 'Los datos enviados no son válidos',
    bodyNotObject: 'Los datos enviados deben ser un objeto JSON',
    invalidRichText: 'La descripción tiene un formato no válido',
    invalidUrl: 'El enlace debe comenzar con http, https o mailto',
    textTooLong: 'El texto es demasiado largo',
    unknownField: 'Campo no permitido',
    invalidFormat: 'El formato de exportación no es válido',
    downtimeSortInvalid: 'El orden de la tabla de paradas no es válido',
    downtimeOrderInvalid: 'El sentido del orden debe ser ascendente o descendente',
    plataformaWeb: 'La plataforma debe ser web',
    // Added by the contracts package (texts SPEC.md leaves open)
    invalidBoolean: 'El valor debe ser verdadero o falso',
    orderInteger: 'El orden debe ser un número entero',
    intervalInteger: 'El intervalo debe ser un número entero de días',
    intervalMax: 'El intervalo no puede superar los 3650 días',
    commentCursorUnknown: 'El comentario indicado en «antes» no pertenece a esta tarea',
    commentsLimitInvalid: 'El límite de comentarios debe ser un número entero entre 1 y 100',
    invalidOption: 'El valor elegido no es una opción válida',
    dateRangeInvalid: 'La fecha de fin no puede ser anterior a la fecha de inicio',
    bulkIdsRequired: 'Seleccione al menos una tarea',
    bulkTooMany: 'Puede cambiar hasta 200 tareas a la vez',
    bulkActionInvalid: 'La acción debe ser estado, archivar o reasignar',
    empleadoRequired: 'Seleccione el nuevo responsable',
    assignedTaskUpdateEmpty: 'Debe indicar un estado, archivar la tarea o cambiar su vencimiento o responsable',
    offlineChangeWithoutStatus: 'Un cambio hecho sin conexión debe indicar el estado nuevo',
    offlineTimeInvalid: 'La hora del cambio sin conexión no es válida: debe ser de los últimos 7 días y no posterior al envío',
    deviceTokenRequired: 'El token del dispositivo es requerido',
    usuarioRequired: 'El usuario es requerido',
    usernameReadOnly: 'El usuario no se puede modificar',
    dueDateNotPast: 'La fecha de vencimiento no puede ser anterior a hoy',
    checklistTextRequired: 'El texto de cada ítem de la lista es requerido',
    checklistInvalid: 'La lista de verificación no es válida',
    checklistTooMany: 'La lista puede tener hasta 50 ítems',
    checklistHechoRequired: 'Indique si el ítem está hecho (verdadero o falso)',
    attachmentFileRequired: 'Seleccione un archivo (campo «archivo»)',
    attachmentTargetBoth: 'Un archivo pertenece a un ítem de la lista o a un comentario, no a ambos',
    horaInvalid: 'Ingrese la hora con la forma HH:MM (por ejemplo 22:00)',
    correoInvalid: 'Ingrese un correo electrónico válido',
    avisosRequired: 'Indique, para cada tipo de aviso, si llega por push y por correo',
    silencioBoth: 'Indique el comienzo y el fin del horario de silencio, o ninguno',
    silencioSame: 'El horario de silencio no puede empezar y terminar a la misma hora',
    canalInvalid: 'El canal debe ser app, push o email',
    estadoEntregaInvalid: 'El estado debe ser pendiente, enviando, enviada, fallida u omitida',
    directoryProviderInvalid: 'Seleccione el ingreso de la empresa: OpenID (oidc) o LDAP (ldap)',
    directoryIdRequired: 'Ingrese el identificador de la cuenta de la empresa',
    sharedDeviceInvalid: 'Indique si es un dispositivo compartido (verdadero o falso)',
    directoryManagedRequired: 'Indique si los grupos del directorio administran el rol y las áreas (verdadero o falso)',
    // Machine labels
    labelCodesRequired: 'Indique el código de al menos un equipo',
    labelCodesMax: 'Se pueden imprimir hasta 500 etiquetas por hoja: elija menos equipos',
    labelCodeInvalid:
      'El código de un equipo tiene hasta 20 letras, números, puntos, guiones o guiones bajos (por ejemplo SIE-01)',
    labelSizeInvalid: 'El tamaño de la etiqueta debe ser pequeña, mediana o grande',
  },
  errors: {
    // SPEC section 8
    loginFailed: 'Usuario o contraseña incorrectos',
    passwordChangeFailed: 'No se pudo actualizar la contraseña. Por favor, intente de nuevo.',
    profileLoadFailed: 'No se pudo cargar la información del usuario',
    insufficientPermissions: 'Permisos insuficientes',
    infoUnavailable: 'Información no disponible',
    usersLoadFailed: 'Error al cargar los usuarios',
    taskTypesLoadFailed: 'Error al cargar los tipos de tarea',
    commentsLoadFailed: 'Error al cargar comentarios',
    commentAddFailed: 'Error al agregar comentario',
    commentUpdateFailed: 'Error al actualizar comentario',
    commentDeleteFailed: 'Error al eliminar comentario',
    tasksLoadFailed: 'Error al cargar las tareas',
    taskUpdateFailed: 'No se pudo actualizar la tarea',
    taskStatusUpdateFailed: 'No se pudo cambiar el estado de la tarea; volvió a su lugar',
    /** Tasks list error line: prefix + the error's message ('Error: {message}'). */
    errorPrefix: 'Error: ',
    statusesLoadFailed: 'Error al cargar los estados',
    areasLoadFailed: 'Error al cargar las áreas',
    jobPositionsLoadFailed: 'Error al cargar los puestos de trabajo',
    jobPositionsEmpty: 'No hay puestos de trabajo registrados',
    notificationSendFailed: 'Error al enviar la notificación',
    notificationMassSendFailed: 'Error al enviar la notificación masiva',
    reportExportFailed: 'Error al exportar el reporte',
    suggestionSaveFailed: 'Error al guardar la sugerencia',
    suggestionDeleteFailed: 'Error al eliminar la sugerencia',
    // Server answers (DECISIONS section 1)
    unauthorized: 'Debe iniciar sesión para continuar',
    sessionExpired: 'La sesión expiró, inicie sesión nuevamente',
    invalidRefreshToken: 'La sesión no es válida, inicie sesión nuevamente',
    forbidden: 'No tiene permisos para realizar esta acción',
    /** A 403 or 404 names what it is about (shared DECISIONS.md section 9); these two are the generic fallbacks. */
    outOfScope: 'No tiene acceso a estos datos: pertenecen a un área que no es suya',
    notFound: 'Lo que busca no existe o fue eliminado',
    taskGone: 'La tarea no existe o fue eliminada',
    userGone: 'El usuario no existe o fue eliminado',
    sessionGone: 'La sesión no existe o ya se cerró',
    suggestionGone: 'La sugerencia no existe o fue eliminada',
    commentGone: 'El comentario no existe o fue eliminado',
    checklistItemGone: 'El paso de la lista no existe o fue eliminado',
    statusGone: 'El estado no existe o fue eliminado',
    notificationGone: 'La notificación no existe o fue eliminada',
    attachmentGone: 'El archivo no existe o fue eliminado',
    scheduleGone: 'La programación no existe o fue eliminada',
    nonWorkingDayGone: 'Ese día no laborable no existe o ya se quitó',
    areaGone: 'El área no existe o fue eliminada',
    jobPositionGone: 'El puesto de trabajo no existe o fue eliminado',
    taskTypeGone: 'El tipo de tarea no existe o fue eliminado',
    noAccessTask: 'No tiene acceso a esta tarea',
    noAccessUser: 'No tiene acceso a este usuario',
    noAccessArea: 'No tiene acceso a esa área',
    noAccessSchedule: 'No tiene acceso a esta programación',
    routeNotFound: 'La ruta solicitada no existe',
    /** The page a browser gets for an address outside the API that names nothing (a missing file, a POST to a page). */
    pageNotFoundTitle: 'Página no encontrada',
    pageNotFound: 'La dirección que abrió no existe en Gestar. Revise el enlace o vuelva al inicio.',
    /** The same page for an address the server cannot read (broken percent-encoding) or a request it refused. */
    pageRequestRefusedTitle: 'Solicitud no válida',
    pageRequestRefused: 'La dirección o los datos enviados no son válidos. Revise el enlace o vuelva al inicio.',
    pageGoHome: 'Ir al inicio',
    payloadTooLarge: 'El contenido enviado es demasiado grande (máximo 1 MB)',
    tooManyLoginAttempts: 'Demasiados intentos de inicio de sesión. Intente nuevamente en unos minutos.',
    databaseUnavailable: 'El servicio no está disponible en este momento. Intente nuevamente en unos instantes.',
    internal: 'Ocurrió un error inesperado. Intente nuevamente.',
    currentPasswordWrong: 'La contraseña actual es incorrecta',
    onlyOwnPassword: 'Solo puede cambiar su propia contraseña',
    userInactive: 'El usuario está inactivo',
    usernameTaken: 'El nombre de usuario ya está en uso',
    statusInUse: 'No se puede eliminar el estado porque hay tareas que lo usan',
    lastFinishedStatus: 'Debe existir al menos un estado con la categoría Terminada',
    statusOrderTaken: 'Ya existe un estado con ese orden',
    statusNameTaken: 'Ya existe un estado con ese nombre',
    areaNameTaken: 'Ya existe un área con ese nombre',
    taskTypeNameTaken: 'Ya existe un tipo de tarea con ese nombre',
    jobPositionNameTaken: 'Ya existe un puesto de trabajo con ese nombre',
    areaInUse: 'No se puede eliminar el área porque tiene usuarios o tareas asociadas',
    taskTypeInUse: 'No se puede eliminar el tipo de tarea porque hay tareas que lo usan',
    jobPositionInUse: 'No se puede eliminar el puesto de trabajo porque hay usuarios que lo tienen asignado',
    scheduleExists: 'La tarea ya tiene una programación',
    /** 422: the rule, its end and the non-working-day policy leave no date within the horizon. */
    ruleNoDates:
      'La regla de repetición no produce ninguna fecha con la política de días no laborables elegida: revise los días, el fin o la política',
    nonWorkingDayExists: 'Ese día ya está marcado como no laborable',
    ssoUnknownUser: 'Su cuenta de la empresa no tiene un usuario en Gestar. Pida a un administrador que lo cree.',
    ssoNoGroup: 'Su cuenta de la empresa no pertenece a ningún grupo habilitado para Gestar.',
    ssoMisconfigured: 'El ingreso con la cuenta de la empresa no está bien configurado. Avise a un administrador.',
    ssoFailed: 'No se pudo completar el ingreso con la cuenta de la empresa. Intente nuevamente.',
    /** The OpenID provider down or not answering when the sign-in starts. */
    ssoProviderUnavailable:
      'No se pudo consultar el proveedor de la cuenta de la empresa. Intente nuevamente en unos minutos o avise a un administrador.',
    /** A new directory identity whose username is a Gestar user it is not linked to: never taken over. */
    ssoUsernameCollision:
      'Su cuenta de la empresa tiene el mismo nombre de usuario que una cuenta de Gestar que no está vinculada a ella. Pida a un administrador que vincule las cuentas.',
    /** LDAP down or not answering: not a wrong password, and not counted as one. */
    ssoDirectoryUnavailable:
      'No se pudo consultar el directorio de la empresa. Intente nuevamente en unos minutos o avise a un administrador.',
    /** A user linked to the directory signs in through the directory only. */
    ssoLinkedUseDirectory: 'Este usuario ingresa con su cuenta de la empresa.',
    ssoIdentityTaken: 'Esa cuenta de la empresa ya está vinculada a otro usuario de Gestar.',
    ssoProviderOff: 'Ese ingreso con la cuenta de la empresa no está configurado en este servidor.',
    ssoLdapNotFound: 'El directorio no tiene una cuenta con ese nombre de usuario.',
    /** Any change (group map, edit, role, deactivation) that would leave no active administrator. */
    lastAdministrator: 'No se puede: la instalación quedaría sin ningún administrador activo.',
    sessionEnded: 'La sesión se cerró. Inicie sesión nuevamente.',
    eventTicketInvalid: 'El ticket del flujo de eventos no es válido o ya se usó',
    tooManyPasswordAttempts: 'Demasiados intentos con la contraseña actual. Intente nuevamente en unos minutos.',
    idempotencyKeyInvalid: 'La clave de idempotencia (encabezado Idempotency-Key) debe ser un UUID',
    idempotencyKeyReused: 'La clave de idempotencia ya se usó con otra solicitud; genere una clave nueva para cada cambio',
    idempotencyKeyInFlight: 'Una solicitud con esta clave de idempotencia todavía está en curso; intente nuevamente en unos segundos',
    roleNotGrantable: 'No puede asignar un rol con permisos que usted no tiene',
    noStatuses: 'No hay estados configurados',
    onlyAuthorCanEdit: 'Solo el autor puede modificar este comentario',
    reportTooLargeForPdf: 'El reporte tiene demasiadas filas para PDF. Exporte en formato XLSX.',
    /** 503 of a PDF export when the server has no usable Chromium. */
    pdfUnavailable: 'La exportación a PDF no está disponible en este servidor.',
    deviceNotOwn: 'Solo puede registrar dispositivos para su propio usuario',
    roleNotFound: 'El rol seleccionado no existe',
    areaNotFound: 'El área seleccionada no existe',
    jobPositionNotFound: 'El puesto de trabajo seleccionado no existe',
    cannotDeactivateSelf: 'No puede desactivar su propio usuario',
    taskTypeNotFound: 'El tipo de tarea seleccionado no existe',
    assigneeNotInArea: 'El responsable debe estar activo y pertenecer al área de la tarea',
    assigneesNotInArea: 'Los usuarios asignados deben estar activos y pertenecer al área de la tarea',
    statusNotFound: 'El estado seleccionado no existe',
    taskInactive: 'La tarea está inactiva',
    onlyAuthorCanEditSuggestion: 'Solo el autor puede modificar esta sugerencia',
    /** A user whose current role holds a permission the caller lacks (users service, user-access rule). */
    userRoleAboveEdit: 'No puede editar a un usuario con un rol con más permisos que el suyo',
    userRoleAboveDelete: 'No puede eliminar a un usuario con un rol con más permisos que el suyo',
    checklistPhotoRequired: 'Este ítem requiere una foto: adjunte una antes de marcarlo como hecho',
    checklistNoteRequired: 'Este ítem requiere una nota: escríbala antes de marcarlo como hecho',
    /** 409 of a move into a finished status; the missing steps follow, joined by '; '. */
    checklistIncomplete: 'No se puede terminar la tarea: faltan ítems de la lista: ',
    /** 409 of a status change made offline whose starting status is gone; the current status follows. */
    statusChangedMeanwhile: 'La tarea cambió de estado mientras usted no tenía conexión; ahora está en ',
    assignedTaskArchived: 'La tarea está archivada: no se puede modificar',
    attachmentTooLarge: 'El archivo supera el máximo de 10 MB',
    attachmentTypeNotAllowed: 'Tipo de archivo no permitido: se aceptan imágenes JPEG, PNG, WebP o HEIC y documentos PDF',
    attachmentUnreadable: 'No se pudo leer la imagen: el archivo está dañado o incompleto',
    /** 422 of an image whose header declares more than ATTACHMENT_MAX_PIXELS. */
    attachmentTooManyPixels: 'La imagen es demasiado grande: se aceptan fotos de hasta 50 megapíxeles (por ejemplo 8000 × 6000)',
    /** 503 while the image queue is full (Retry-After says when to try again). */
    imagesBusy: 'El servidor está procesando otras imágenes: intente nuevamente en unos segundos',
    /** 507 of an upload when the disk of the files (UPLOADS_DIR) is full: nothing is stored. */
    storageFull:
      'No queda espacio en el servidor para guardar archivos: no se guardó el archivo. Avise a un administrador e intente nuevamente más tarde.',
    /** 503 while the label queue is full (Retry-After says when to try again). */
    labelsBusy: 'El servidor está preparando otras etiquetas: intente nuevamente en unos segundos',
    labelAssetNotFound: 'No existe un equipo con ese código',
    labelNoAccessAsset: 'No tiene acceso a este equipo',
    /** The web's «Escanear» without a camera it may use. */
    scanNoCamera: 'Este dispositivo no tiene una cámara disponible. Escriba el código del equipo.',
    scanPermissionDenied:
      'No se permitió usar la cámara. Habilite el permiso de la cámara para Gestar en su navegador o escriba el código del equipo.',
    scanCameraFailed: 'No se pudo abrir la cámara. Cierre otras aplicaciones que la usen o escriba el código del equipo.',
    scanNotAsset: 'El código leído no es una etiqueta de un equipo de Gestar',
    attachmentsTooMany: 'La tarea ya tiene 20 archivos adjuntos, el máximo permitido',
    attachmentTargetNotFound: 'El ítem o el comentario indicado no pertenece a esta tarea',
    attachmentKept: 'El archivo de una tarea terminada y archivada se conserva: no se puede eliminar',
    attachmentDeleteForbidden: 'Solo quien subió el archivo o un supervisor del área puede eliminarlo',
    /** 403 of deleting a description image (DECISIONS, "Checklists and photos"). */
    descriptionImageDeleteForbidden:
      'Solo quien subió la imagen o quien puede editar todas las tareas que la muestran puede eliminarla',
    /** 409 of deleting the last photo of a step that requires one, in a finished task. */
    attachmentLastEvidence:
      'Es la única foto de un ítem que la requiere y la tarea está terminada: cambie antes el estado de la tarea para eliminarla',
    attachmentUploadFailed: 'No se pudo adjuntar el archivo',
    attachmentImageOnly: 'En una descripción solo se pueden insertar imágenes JPEG, PNG, WebP o HEIC',
    descriptionImageUploadFailed: 'No se pudo subir la imagen',
    checklistTickFailed: 'No se pudo actualizar el ítem de la lista',
  },
  success: {
    nonWorkingDayAdded: 'Día no laborable agregado',
    preferencesSaved: 'Preferencias de avisos guardadas',
    nonWorkingDayRemoved: 'Día no laborable quitado',
    passwordChanged: '¡Contraseña editada exitosamente!',
    userCreated: 'Usuario creado correctamente',
    userUpdated: 'Usuario editado correctamente',
    userDeleted: 'Usuario eliminado correctamente',
    areaCreated: 'Área creada exitosamente',
    areaUpdated: 'Área actualizada exitosamente',
    areaDeleted: 'Área eliminada exitosamente',
    jobPositionCreated: 'Puesto de trabajo creado exitosamente',
    jobPositionUpdated: 'Puesto de trabajo actualizado exitosamente',
    jobPositionDeleted: 'Puesto de trabajo eliminado exitosamente',
    commentAdded: 'Comentario agregado correctamente',
    commentUpdated: 'Comentario actualizado correctamente',
    commentDeleted: 'Comentario eliminado correctamente',
    taskArchived: 'Tarea archivada y calificada correctamente',
    statusCreated: 'Estado creado exitosamente',
    statusUpdated: 'Estado actualizado exitosamente',
    statusDeleted: 'Estado eliminado exitosamente',
    scheduleCreated: 'Programación creada exitosamente',
    scheduleUpdated: 'Programación actualizada exitosamente',
    scheduleDeleted: 'Programación eliminada exitosamente',
    taskTypeCreated: 'Tipo de tarea creado exitosamente',
    taskTypeUpdated: 'Tipo de tarea editado exitosamente',
    taskTypeDeleted: 'Tipo de tarea eliminado exitosamente',
    taskCreated: 'Tarea creada exitosamente',
    taskStatusUpdated: 'Estado de tarea actualizado exitosamente',
    taskDeleted: 'Tarea eliminada exitosamente',
    notificationSent: 'Notificación enviada correctamente',
    notificationMassSent: 'Notificación masiva enviada correctamente',
    suggestionSaved: 'Sugerencia guardada correctamente',
    suggestionDeleted: 'Sugerencia eliminada correctamente',
    userReactivated: 'Usuario reactivado exitosamente',
    directoryLinked: 'Cuenta de la empresa vinculada',
    directoryUnlinked: 'Vínculo con la cuenta de la empresa quitado',
  },
  /** Machines («Equipos», issue 33). */
  assets: {
    codigoRequired: 'El código es requerido',
    codigoInvalid: 'El código solo puede tener letras, números, punto, guion y guion bajo, y debe empezar con una letra o un número',
    codigoReserved: 'Ese código está reservado: elija otro',
    areaRequired: 'El área es requerida',
    estadoInvalid: 'El estado debe ser operativo, detenido, en mantenimiento o fuera de servicio',
    motivoRequired: 'El motivo es requerido',
    notFound: 'No se encontró el equipo',
    forbidden: 'No tiene acceso a este equipo',
    areaOutOfScope: 'No puede administrar equipos de esa área',
    areaNotFound: 'No se encontró el área',
    padreNotFound: 'No se encontró el equipo padre',
    padreCycle: 'El equipo padre no puede ser el mismo equipo ni uno que dependa de él',
    padreOtherArea: 'El equipo padre debe ser de la misma área',
    codigoTaken: 'Ya existe un equipo con ese código',
    inUse: 'El equipo tiene tareas o solicitudes: no se puede eliminar',
    sameState: 'El equipo ya está en ese estado',
    taskAssetOtherArea: 'El equipo debe ser del área de la tarea',
    taskAssetNotFound: 'No se encontró el equipo de la tarea',
    documentNotFound: 'No se encontró el documento del equipo',
    attachmentsTooMany: 'El equipo ya tiene 20 archivos, el máximo permitido',
    fotoNotImage: 'La foto del equipo debe ser una imagen JPEG, PNG, WebP o HEIC',
    importFileRequired: 'Seleccione un archivo XLSX o CSV (campo «archivo»)',
    importFileType: 'El archivo debe ser una planilla XLSX o un archivo CSV',
    importFileTooLarge: 'El archivo supera los 5 MB permitidos',
    importTooManyRows: 'El archivo tiene más de 5.000 filas: divídalo en varios archivos',
    importEmpty: 'El archivo no tiene filas para importar',
    importUnreadable: 'No se pudo leer el archivo: revise que sea una planilla XLSX o un CSV válido',
    importMissingColumns: 'Faltan columnas en el archivo: deben estar codigo, nombre y area',
    importHasErrors: 'El archivo tiene filas con errores: no se importó ningún equipo',
    importBusy: 'El servidor está leyendo otras planillas: intente nuevamente en unos segundos',
    rowCodigoDuplicateFile: 'El código está repetido en el archivo',
    rowCodigoTaken: 'Ya existe un equipo con ese código',
    rowAreaUnknown: 'No existe un área con ese nombre',
    rowAreaOutOfScope: 'El área no es de las suyas',
    rowPadreUnknown: 'No existe un equipo con el código del padre (ni en el archivo ni en Gestar)',
    rowPadreCycle: 'El padre forma un ciclo con otros equipos del archivo',
    rowPadreSelf: 'Un equipo no puede ser su propio padre',
  },
  scheduler: {
    /** History line of an assigned task the scheduler produced. */
    assignedBySchedule: 'Tarea asignada automáticamente por la programación',
  },
  notifications: {
    /** Automatic notification to an assignee (a task assigned to them, or generated by a schedule). */
    taskAssignedTitle: 'Nueva tarea asignada',
    taskAssignedBody: 'Se le asignó la tarea: ',
    taskGeneratedBody: 'La programación generó la tarea: ',
    /** Reminders and escalation (issue 19). */
    dueTomorrowTitle: 'Vence mañana',
    dueTomorrowBody: 'La tarea vence mañana: ',
    dueTodayTitle: 'Vence hoy',
    dueTodayBody: 'La tarea vence hoy: ',
    overdueTitle: 'Tarea vencida',
    overdueBody: 'Venció y sigue abierta la tarea: ',
    escalatedTitle: 'Tarea vencida en su área',
    escalatedBody: 'Sigue abierta y vencida la tarea ',
    digestTitle: 'Resumen del día',
    /** The test an administrator sends to themselves from the delivery log. */
    testTitle: 'Aviso de prueba',
    testBody: 'Si usted lee esto, este canal le llega correctamente.',
    /** The e-mail's closing lines (plain text and HTML). */
    emailFooter: 'Puede elegir qué avisos le llegan por correo en su Perfil, sección Avisos.',
    emailOpenTask: 'Abrir la tarea',
    /** The link of an e-mail that is not about one task (the digest, a message): the app's start. */
    emailOpenApp: 'Abrir Gestar',
    /** Delivery log: a 5xx of the SMTP server to a recipient or a message, which no retry changes. */
    emailRefusedPermanently: 'El servidor de correo lo rechazó de forma definitiva; no se reintenta: ',
    /** Delivery log: why a try failed, by the mail library's error kind; the server's own words follow in parentheses. */
    emailErrorConnection: 'No se pudo conectar con el servidor de correo',
    emailErrorTimeout: 'El servidor de correo no respondió a tiempo',
    emailErrorEnvelope: 'El servidor de correo rechazó el remitente o el destinatario',
    emailErrorMessage: 'El servidor de correo rechazó el mensaje',
    emailErrorAuth: 'El servidor de correo no aceptó el usuario o la contraseña',
    emailErrorTls: 'No se pudo establecer la conexión cifrada con el servidor de correo',
    emailErrorProtocol: 'El servidor de correo respondió algo inesperado',
    inboxTitle: 'Notificaciones',
    inboxEmpty: 'No tiene notificaciones',
    inboxLoadFailed: 'Error al cargar las notificaciones',
    markAllRead: 'Marcar todas como leídas',
    markRead: 'Marcar como leída',
  },
  /** Problem reports («Solicitudes», issue 33). */
  problemReports: {
    descripcionRequired: 'Describa qué sucede',
    equipoOrAreaRequired: 'Seleccione un equipo o un área',
    equipoInvalid: 'El código del equipo no es válido',
    urgenciaInvalid: 'La urgencia debe ser baja, media o alta',
    estadoInvalid: 'Seleccione un estado de solicitud válido',
    motivoRequired: 'Indique el motivo del rechazo',
    enRequired: 'Seleccione la solicitud en la que se fusiona',
    notFound: 'No se encontró la solicitud',
    forbidden: 'No tiene acceso a esta solicitud',
    triageForbidden: 'No puede revisar las solicitudes de esta área',
    equipoNotFound: 'No se encontró el equipo',
    areaNotFound: 'No se encontró el área',
    areaNotMachine: 'El área debe ser la del equipo',
    uuidTaken: 'Ya existe una solicitud con ese identificador',
    alreadyTriaged: 'La solicitud ya fue revisada por otra persona',
    notAccepted: 'Solo se confirma una solicitud aceptada',
    taskNotFinished: 'La tarea de la solicitud todavía no está terminada',
    mergeSelf: 'Una solicitud no se puede fusionar consigo misma',
    mergeOtherMachine: 'Solo se fusiona con una solicitud abierta del mismo equipo',
    mergeTargetClosed: 'La solicitud de destino ya está cerrada',
    mergeTargetNotFound: 'No se encontró la solicitud de destino',
    mergeNoMachine: 'Una solicitud sin equipo no se fusiona: acéptela o recházela',
    photosClosed: 'La solicitud ya está cerrada: no admite más fotos',
    photosTooMany: 'La solicitud ya tiene 10 fotos, el máximo permitido',
    photoOnlyImage: 'Las fotos deben ser imágenes JPEG, PNG, WebP o HEIC',
    photosForbidden: 'Solo quien reportó el problema o quien revisa las solicitudes del área agrega fotos',
    /** Notifications. */
    newTitle: 'Nueva solicitud',
    newBody: 'Se reportó un problema',
    stoppedSuffix: ' (equipo detenido)',
    acceptedTitle: 'Solicitud aceptada',
    acceptedBody: 'Su solicitud se convirtió en la tarea: ',
    mergedTitle: 'Solicitud fusionada',
    mergedBody: 'Su solicitud se unió a la solicitud N.º ',
    rejectedTitle: 'Solicitud rechazada',
    rejectedBody: 'Motivo: ',
    finishedTitle: 'Confirme que el equipo funciona',
    finishedBody: 'Se terminó la tarea de la solicitud N.º ',
    finishedReporterTitle: 'Se terminó la tarea de su solicitud',
    finishedReporterBody: 'El supervisor confirmará que el equipo funciona. Solicitud N.º ',
    resolvedTitle: 'Solicitud resuelta',
    resolvedBody: 'Se confirmó que el equipo funciona. Solicitud N.º ',
    /** Web. */
    created: 'Solicitud enviada',
    queued: 'Sin conexión: la solicitud se enviará cuando vuelva la red',
    accepted: 'Solicitud aceptada: se creó la tarea',
    merged: 'Solicitud fusionada',
    rejected: 'Solicitud rechazada',
    resolved: 'Se confirmó que el equipo funciona',
  },
  /** Time on task (issue 35): the timer, corrections and the forgotten timer. */
  timeEntries: {
    tareaRequired: 'Seleccione la tarea',
    inicioRequired: 'Indique la hora de inicio',
    finRequired: 'Indique la hora de fin',
    motivoRequired: 'Indique el motivo del cambio',
    horaInvalid: 'La hora no es válida',
    deviceTimeRequired: 'Falta la hora del dispositivo al enviar el cambio (encabezado X-Device-Time)',
    deviceTimeInvalid: 'La hora del dispositivo al enviar el cambio no es válida',
    endBeforeStart: 'El fin no puede ser anterior al inicio',
    inFuture: 'La hora no puede ser posterior a este momento',
    tooOld: 'La hora debe ser de los últimos 7 días',
    correctionTooOld: 'Solo se cargan o corrigen intervalos de los últimos 62 días',
    tooLong: 'Un intervalo no puede durar más de 24 horas',
    minutosInvalid: 'Los minutos estimados deben ser un número entero entre 1 y 100.000',
    estadoNotFinished: 'Seleccione un estado terminado para finalizar la tarea',
    notFound: 'No se encontró el intervalo de tiempo',
    forbidden: 'No tiene acceso a este intervalo de tiempo',
    onlyAssignee: 'Solo la persona asignada usa el cronómetro de esta tarea',
    userForbidden: 'No tiene acceso al tiempo de esta persona',
    alreadyRunning: 'El cronómetro de esta tarea ya está en marcha',
    otherRunning: 'Ya tiene otro cronómetro en marcha iniciado después de esa hora; páuselo primero',
    notRunning: 'No tiene un cronómetro en marcha en esta tarea',
    overlap: 'El intervalo se superpone con otro suyo',
    taskFinished: 'La tarea ya está terminada: no se inicia el cronómetro',
    stillRunning: 'El intervalo está en marcha: páuselo antes de confirmarlo',
    alreadyConfirmed: 'El intervalo ya estaba confirmado',
    finOnRunning: 'Un intervalo en marcha se corrige con su inicio; el fin se pone al pausarlo',
    /** Notifications and the automatic pause. */
    autoPausedTitle: 'Confirme su tiempo de trabajo',
    autoPausedBody: 'Su cronómetro quedó en marcha y se pausó automáticamente. Confirme o corrija el tiempo de: ',
    autoPausedEndOfDay: 'Pausado automáticamente al terminar la jornada',
    autoPausedMaxLength: 'Pausado automáticamente al alcanzar la duración máxima',
    /** Web. */
    started: 'Cronómetro iniciado',
    pausedOther: 'Se pausó el cronómetro de: ',
    paused: 'Cronómetro pausado',
    finished: 'Tarea finalizada',
    corrected: 'Tiempo corregido',
    added: 'Tiempo agregado',
    confirmed: 'Tiempo confirmado',
    queued: 'Sin conexión: el cambio del cronómetro se enviará cuando vuelva la red',
  },
  /** Shared terminals (issue 34). */
  terminals: {
    nombreRequired: 'El nombre de la terminal es requerido',
    areaRequired: 'Seleccione un área primero',
    idleMinutesRange: 'Los minutos de inactividad deben ser un número entero entre 1 y 60',
    nothingToUpdate: 'Indique el nombre o los minutos de inactividad',
    notFound: 'No se encontró la terminal',
    forbidden: 'No tiene acceso a esta terminal',
    areaForbidden: 'Solo puede registrar terminales de sus áreas',
    revoked: 'La terminal fue revocada',
    credentialRequired: 'Este dispositivo no es una terminal registrada',
    credentialInvalid: 'La terminal no es válida o fue revocada. Pida a un administrador que la registre de nuevo.',
    personRequired: 'Seleccione su nombre',
    personNotHere: 'Esta persona no pertenece al área de la terminal',
    pinRequired: 'Ingrese su PIN',
    pinFormat: 'El PIN debe tener entre 4 y 6 dígitos',
    pinTrivial: 'El PIN es demasiado fácil de adivinar: no use un mismo dígito repetido ni dígitos consecutivos',
    pinWrong: 'El PIN no es correcto',
    pinNotSet: 'Todavía no tiene PIN: fíjelo en «Mi perfil» desde otro dispositivo',
    pinLockedTemplate: 'Su PIN está bloqueado por demasiados intentos fallidos. Pida a un supervisor de su área que lo desbloquee, o intente nuevamente en unos minutos.',
    terminalTooManyTemplate: 'Demasiados intentos fallidos en esta terminal. Intente nuevamente en unos minutos.',
    currentPasswordRequired: 'Ingrese su contraseña actual para fijar el PIN',
    currentPasswordWrong: 'La contraseña actual no es correcta',
    personForbidden: 'No tiene acceso a esta persona',
    notFromTerminal: 'Esta acción no está disponible en una terminal',
    notTerminalSession: 'Esta sesión no es de una terminal',
    terminalMismatch: 'La sesión no pertenece a esta terminal',
    sessionIdle: 'Su sesión en la terminal terminó por inactividad',
    replayInvalid: 'La credencial de reenvío no es válida o venció',
    replayPersonMismatch: 'El cambio guardado pertenece a otra persona: no se envía',
    replayOnlyWrites: 'La credencial de reenvío solo sirve para reenviar cambios',
    replayClientTime: 'El cambio guardado no corresponde a la sesión de esa persona en la terminal',
    replayKeyRequired: 'Un cambio reenviado necesita su Idempotency-Key',
    credentialsTogether: 'Envíe una sola credencial de persona: la sesión o la de reenvío',
    ticketInvalid: 'El ticket del tablero no es válido o venció',
    pinSetTitle: 'PIN de terminal',
  },
} as const;

/** A text over its limit, saying the limit: 'El texto es demasiado largo (máximo 200 caracteres)'. */
export function textTooLongMax(max: number): string {
  return `${MESSAGES.validation.textTooLong} (máximo ${max.toLocaleString('es-AR')} caracteres)`;
}

/** The login block, saying how long it lasts: '... Intente nuevamente en 14 minutos.' */
export function tooManyLoginAttemptsFor(minutes: number): string {
  return `Demasiados intentos de inicio de sesión. Intente nuevamente en ${minutesText(minutes)}.`;
}

/** The current-password block of «Cambiar contraseña», saying how long it lasts. */
export function tooManyPasswordAttemptsFor(minutes: number): string {
  return `Demasiados intentos con la contraseña actual. Intente nuevamente en ${minutesText(minutes)}.`;
}

/** A person's PIN locked by wrong attempts, saying how long it lasts. */
export function pinLockedFor(minutes: number): string {
  return `Su PIN está bloqueado por demasiados intentos fallidos. Pida a un supervisor de su área que lo desbloquee, o intente nuevamente en ${minutesText(minutes)}.`;
}

/** Too many wrong PINs at one terminal, saying how long the block lasts. */
export function terminalTooManyFor(minutes: number): string {
  return `Demasiados intentos fallidos en esta terminal. Intente nuevamente en ${minutesText(minutes)}.`;
}

/** At most this many codes are named in a message; the rest are counted. */
const CODES_NAMED = 10;

function codesText(codes: readonly string[]): string {
  const named = codes.slice(0, CODES_NAMED).join(', ');
  const rest = codes.length - CODES_NAMED;
  return rest > 0 ? `${named} y ${rest} más` : named;
}

/** 404 of a label sheet naming codes no machine has. */
export function labelsUnknownCodes(codes: readonly string[]): string {
  return codes.length === 1
    ? `No existe un equipo con el código ${codesText(codes)}`
    : `No existen equipos con los códigos ${codesText(codes)}`;
}

/** 403 of a label sheet naming machines outside the caller's areas. */
export function labelsNoAccess(codes: readonly string[]): string {
  return codes.length === 1
    ? `No tiene acceso al equipo ${codesText(codes)}`
    : `No tiene acceso a los equipos ${codesText(codes)}`;
}

function minutesText(minutes: number): string {
  const n = Math.max(1, Math.ceil(minutes));
  return n === 1 ? '1 minuto' : `${n} minutos`;
}

export const DEFAULT_NOTIFICATION_TITLE = 'Nueva notificación';
export const API_ERROR_PREFIX = 'API Error: ';
