package serve

var classroomTexts = []pageText{}
